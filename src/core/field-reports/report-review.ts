// Reports reviewed before they leave (issue 42, docs/decisions/142): when the firm's rule is on, a
// second engineer signs the version of the report they read before the inspector certifies it or
// anyone shares it. The rule is written once here; the server applies it, the page explains it.

export const REVIEW_MESSAGES = {
  requiredToCertify: 'A second engineer must review and sign off this report before it is certified.',
  requiredToShare: 'A second engineer must review and sign off this report before it is shared.',
  /** The review was signed, then the report changed: the reviewer has not read what would be certified. */
  outOfDate: 'The report changed after it was reviewed: a second engineer must review it again before it is certified.',
  ownReport: 'The inspector cannot review their own report: a second engineer signs the review.',
  reviewerCertifies: 'The engineer who reviewed the report cannot also certify it.',
  notDraft: 'Only a report that is not yet certified can be reviewed.',
} as const;

export interface ReviewState {
  /** Who signed the review, and the report's version they signed; null when nobody has. */
  review: { by: string; version: number } | null;
  /** The report's version now. */
  version: number;
}

/** Whether the report's review covers the report as it is now. */
export const reviewIsCurrent = (state: ReviewState): boolean => state.review !== null && state.review.version === state.version;

/** Why `certifierId` may not certify the report under the firm's rule, or null when they may. */
export function certifyRefusal(state: ReviewState & { requireReview: boolean; certifierId: string }): string | null {
  if (state.review?.by === state.certifierId) return REVIEW_MESSAGES.reviewerCertifies;
  if (!state.requireReview) return null;
  if (!state.review) return REVIEW_MESSAGES.requiredToCertify;
  return reviewIsCurrent(state) ? null : REVIEW_MESSAGES.outOfDate;
}

/** Why `reviewerId` may not review the report, or null when they may. */
export function reviewRefusal(report: { status: string; inspectorId: string | null }, reviewerId: string): string | null {
  if (report.status !== 'draft') return REVIEW_MESSAGES.notDraft;
  return report.inspectorId === reviewerId ? REVIEW_MESSAGES.ownReport : null;
}

/** Why a certified report may not be shared under the firm's rule (certified before the rule was on, unreviewed), or null. */
export function shareRefusal(options: { requireReview: boolean; reviewed: boolean }): string | null {
  return options.requireReview && !options.reviewed ? REVIEW_MESSAGES.requiredToShare : null;
}
