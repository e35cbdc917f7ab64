// Whether a case's conflict check is cleared (issue 39, docs/decisions/173): read from its checks, newest first.

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

export const WAIVER_MESSAGE = 'The waiver must be a PDF, JPEG or PNG file (the signed waiver as scanned or saved).';

/** The waiver's content type from its first bytes (never from its name), or null when it is none of PDF, JPEG, PNG. */
export function waiverContentType(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  return null;
}
