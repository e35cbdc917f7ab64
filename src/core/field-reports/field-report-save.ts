import { ZFieldReportContent, ZReportNumber, type TFieldProblem, type TFieldReportFields } from '../api/field-reports.ts';
import { sameValue, toPath, valueAt, withValueAt } from './field-paths.ts';
import { fieldLabel, REPORT_FIELDS, reportDateProblem } from './field-reports.ts';

/**
 * A report's save checked field by field (docs/decisions/066): a field that breaks its rule (a text
 * over its limit, a report number of other characters, a date outside the 10-year window) keeps its
 * stored value and is named with the reason; every other field is taken as sent. A field sent as it
 * is stored is never refused, so a rule made stricter later cannot block the rest of an old report.
 */
export function checkReportSave(
  sent: TFieldReportFields,
  stored: TFieldReportFields,
  today: Date,
): { fields: TFieldReportFields; refused: TFieldProblem[] } {
  const refused: TFieldProblem[] = [];
  let fields = sent;
  const changed = (path: string) => !sameValue(valueAt(sent, path), valueAt(stored, path));
  const refuse = (path: string, message: string) => {
    if (refused.some((r) => r.path === path)) return;
    refused.push({ path, label: fieldLabel(path), message });
    // A party added in this save has no stored value: its refused text is kept out as empty.
    fields = withValueAt(fields, path, valueAt(stored, path) ?? '');
  };

  const content = ZFieldReportContent.safeParse(sent.content);
  for (const issue of content.error?.issues ?? []) refuse(toPath(['content', ...issue.path]), issue.message);

  if (changed('/reportNumber')) {
    const number = ZReportNumber.safeParse(sent.reportNumber);
    if (number.success) fields = { ...fields, reportNumber: number.data };
    else refuse('/reportNumber', number.error.issues[0]!.message);
  }
  for (const path of ['/date', '/content/timeline/returnOn']) {
    const value = String(valueAt(sent, path));
    const problem = changed(path) && (value || path === '/date') ? reportDateProblem(value, today) : null;
    if (problem) refuse(path, problem);
  }
  refused.sort((a, b) => formOrder(a.path) - formOrder(b.path));
  return { fields: { ...fields, content: ZFieldReportContent.parse(fields.content) }, refused };
}

const FORM_ORDER = Object.keys(REPORT_FIELDS);
/** Where a field comes on the form (a party's fields where the list is), so refusals read top to bottom. */
const formOrder = (path: string) => FORM_ORDER.findIndex((p) => path === p || path.startsWith(`${p}/`));
