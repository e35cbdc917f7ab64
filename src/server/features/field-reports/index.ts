// The field reports feature as other features see it: one report, as a share link shows it, and
// whether the firm's review rule lets it be shared (docs/decisions/142).
export { getReport } from './reads.ts';
export { assertSharable } from './review.ts';
