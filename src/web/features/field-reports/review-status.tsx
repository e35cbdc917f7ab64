import { Alert, Text } from '@mantine/core';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { firmDate } from '../../../core/dates/firm-clock.ts';
import { REVIEW_MESSAGES } from '../../../core/field-reports/report-review.ts';

/**
 * The second engineer's review of the report (docs/decisions/142): who signed it and when, whether
 * it still covers the report as it is, and, under the firm's rule, what the report waits for.
 */
export function ReviewStatus({ report, required, timeZone }: { report: TFieldReport; required: boolean; timeZone: string }) {
  const { review } = report;
  if (review) {
    const signed = `Reviewed by ${review.byName} on ${firmDate(review.at, timeZone)}.`;
    if (review.current || report.status !== 'draft') return <Text size="sm" c="teal.8" role="status">{signed}</Text>;
    return <Alert color="yellow" role="status">{signed} {required ? REVIEW_MESSAGES.outOfDate : 'The report changed after the review.'}</Alert>;
  }
  if (!required || report.status === 'superseded') return null;
  return (
    <Alert color="yellow" role="status">
      {report.status === 'draft' ? REVIEW_MESSAGES.requiredToCertify : REVIEW_MESSAGES.requiredToShare}
    </Alert>
  );
}
