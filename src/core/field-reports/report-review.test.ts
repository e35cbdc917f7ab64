import { describe, expect, it } from 'vitest';
import { certifyRefusal, REVIEW_MESSAGES, reviewIsCurrent, reviewRefusal, shareRefusal } from './report-review.ts';

const INSPECTOR = 'inspector';
const REVIEWER = 'reviewer';

describe("certifyRefusal: the firm rule of a second engineer's review", () => {
  it.each([
    ['rule off, no review', false, null, 4, null],
    ['rule off, a current review by someone else', false, { by: REVIEWER, version: 4 }, 4, null],
    ['rule off, the certifier reviewed it', false, { by: INSPECTOR, version: 4 }, 4, REVIEW_MESSAGES.reviewerCertifies],
    ['rule on, no review', true, null, 4, REVIEW_MESSAGES.requiredToCertify],
    ['rule on, a current review', true, { by: REVIEWER, version: 4 }, 4, null],
    ['rule on, the report changed after the review', true, { by: REVIEWER, version: 3 }, 4, REVIEW_MESSAGES.outOfDate],
    ['rule on, the certifier reviewed it', true, { by: INSPECTOR, version: 4 }, 4, REVIEW_MESSAGES.reviewerCertifies],
  ] as const)('%s', (_name, requireReview, review, version, expected) => {
    expect(certifyRefusal({ requireReview, review, version, certifierId: INSPECTOR })).toBe(expected);
  });
});

describe('reviewRefusal', () => {
  it.each([
    ['a draft by another inspector', 'draft', INSPECTOR, null],
    ['a draft with no inspector yet', 'draft', null, null],
    ["the inspector's own draft", 'draft', REVIEWER, REVIEW_MESSAGES.ownReport],
    ['a certified report', 'certified', INSPECTOR, REVIEW_MESSAGES.notDraft],
    ['a superseded revision', 'superseded', INSPECTOR, REVIEW_MESSAGES.notDraft],
  ] as const)('%s', (_name, status, inspectorId, expected) => {
    expect(reviewRefusal({ status, inspectorId }, REVIEWER)).toBe(expected);
  });
});

describe('reviewIsCurrent and shareRefusal', () => {
  it('a review holds for the version it signed only', () => {
    expect(reviewIsCurrent({ review: { by: REVIEWER, version: 7 }, version: 7 })).toBe(true);
    expect(reviewIsCurrent({ review: { by: REVIEWER, version: 7 }, version: 8 })).toBe(false);
    expect(reviewIsCurrent({ review: null, version: 1 })).toBe(false);
  });
  it.each([
    [false, false, null], [false, true, null], [true, true, null], [true, false, REVIEW_MESSAGES.requiredToShare],
  ] as const)('rule %s, reviewed %s', (requireReview, reviewed, expected) => {
    expect(shareRefusal({ requireReview, reviewed })).toBe(expected);
  });
});
