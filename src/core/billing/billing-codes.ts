// UTBMS codes of job titles (task and activity) and expense types (expense code), carried into
// LEDES files (issue 24, docs/decisions/086). Checked lightly: e-billing systems each keep their
// own code lists, so the shape is checked here and the code itself is the firm's choice.

export interface BillingCodeInput {
  kind: 'job_title' | 'expense_type';
  name: string;
  taskCode: string;
  activityCode: string;
  expenseCode: string;
}
type CodeField = 'taskCode' | 'activityCode' | 'expenseCode';

export const CODE_LABELS: Record<CodeField, string> = {
  taskCode: 'Task code', activityCode: 'Activity code', expenseCode: 'Expense code',
};
const EXAMPLES: Record<CodeField, string> = { taskCode: 'L110', activityCode: 'A101', expenseCode: 'E101' };
/** Which codes each kind takes: time has a task and an activity, an expense its expense code. */
const FIELDS_OF: Record<BillingCodeInput['kind'], readonly CodeField[]> = {
  job_title: ['taskCode', 'activityCode'],
  expense_type: ['expenseCode'],
};

const TAKES: Record<BillingCodeInput['kind'], string> = {
  job_title: 'a job title takes only a task code and an activity code',
  expense_type: 'an expense type takes only an expense code',
};

/** Letters first, then letters or digits, at most 10 (UTBMS codes are like L110, A101, E101). */
const SHAPE = /^[A-Z][A-Z0-9]{0,9}$/;

/** Codes are stored upper case and trimmed. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** What is wrong with a row of codes, field by field (empty when it is right). */
export function billingCodeProblems(code: BillingCodeInput): { field: CodeField; message: string }[] {
  const problems: { field: CodeField; message: string }[] = [];
  for (const field of ['taskCode', 'activityCode', 'expenseCode'] as const) {
    const value = normalizeCode(code[field]);
    if (value === '') continue;
    if (!FIELDS_OF[code.kind].includes(field)) {
      problems.push({ field, message: `${CODE_LABELS[field]} of ${code.name}: ${TAKES[code.kind]}.` });
    } else if (!SHAPE.test(value)) {
      problems.push({
        field,
        message: `${CODE_LABELS[field]} of ${code.name} must be letters then digits, at most 10 characters (like ${EXAMPLES[field]}).`,
      });
    }
  }
  return problems;
}

/** A row with no code at all is removed rather than stored empty. */
export const hasNoCodes = (code: BillingCodeInput) =>
  [code.taskCode, code.activityCode, code.expenseCode].every((c) => normalizeCode(c) === '');
