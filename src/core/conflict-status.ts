// Whether a case's conflict check is cleared (issue 39, docs/decisions/120): read from its checks, newest first.

export const CONFLICT_DECISIONS = ['cleared', 'cleared_with_waiver', 'declined'] as const;
export type TConflictDecision = (typeof CONFLICT_DECISIONS)[number];
export const DECISION_LABELS: Record<TConflictDecision, string> = {
  cleared: 'Cleared', cleared_with_waiver: 'Cleared with waiver', declined: 'Declined',
};

export const CONFLICT_MESSAGES = {
  notCleared: 'Conflict check not cleared',
  reasonRequired: 'A reason is required.',
  waiverRequired: 'Attach the signed waiver to clear with a waiver.',
  waiverOnlyWithWaiver: 'A waiver document goes with "Cleared with waiver" only.',
  alreadyDecided: 'This conflict check already has a decision. Run a new check to record another.',
  notThisCase: 'This conflict check belongs to another case.',
} as const;

export type TConflictStatus = 'cleared' | 'not_cleared' | 'declined' | 'grandfathered';

/**
 * The case's status from its checks, newest first. A decided check settles it. An undecided check
 * with new hits, or the case's first check, is not cleared. An undecided re-check that found nothing
 * new (a party added, nobody new in the way) leaves the status of the check before it. No check at
 * all: not cleared for a case opened since checks began, grandfathered for one opened before.
 */
export function conflictStatus(checks: readonly { newHitCount: number; decision: TConflictDecision | null }[],
  required: boolean): TConflictStatus {
  for (const [i, check] of checks.entries()) {
    if (check.decision) return check.decision === 'declined' ? 'declined' : 'cleared';
    if (check.newHitCount > 0 || i === checks.length - 1) return 'not_cleared';
  }
  return required ? 'not_cleared' : 'grandfathered';
}

/** Whether the case's bills may be issued. */
export const billsMayIssue = (status: TConflictStatus): boolean => status === 'cleared' || status === 'grandfathered';
