// Rules of the time and expense rows (SPEC §4 Time and expense rows, §5 Time row / Expense row).
// Drafts hold what the cells show: dates as MM/DD/YYYY, numbers as typed text.
import { CUSTOM_EXPENSE_TYPE, EXPENSE_TYPES, INITIALS_MAX } from '../constants.ts';
import { amountProblem, hoursProblem } from '../limits.ts';
import { roundToCents } from '../money.ts';
import type { TDataRole } from '../api/auth.ts';
import type { Result } from '../result.ts';
import { formatUsDate, toIsoDate } from '../smart-date.ts';

export interface TimeRowDraft {
  entryDate: string;
  jobType: string;
  initials: string;
  hours: string;
  workDetails: string;
  description: string;
}

export interface ExpenseRowDraft {
  entryDate: string;
  /** The list choice: one of EXPENSE_TYPES, or '' when none is picked yet. */
  expenseType: string;
  /** The free text shown when the choice is 'Custom...'. */
  customType: string;
  amount: string;
  initials: string;
  description: string;
}

export const BULK_MESSAGES = {
  noSelection: 'Please select at least one row.',
  badHours: 'Valid hours (e.g., number) needed in the first selected row to apply to others.',
  applied: (hours: number, count: number) => `Applied ${hours} hours to ${count} entries`,
} as const;

/** A non-negative number from a cell, or null when the text is not one (blank included). */
export function parseNonNegative(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function cleanInitials(text: string): string {
  return text.toUpperCase().slice(0, INITIALS_MAX);
}

/** A new row: today, and the initials of whoever adds it (issue 28: an admin's new row carries their own). */
export function blankTimeRow(todayUs: string, initials = ''): TimeRowDraft {
  return { entryDate: todayUs, jobType: '', initials: cleanInitials(initials), hours: '', workDetails: '', description: '' };
}

export function blankExpenseRow(todayUs: string, initials = ''): ExpenseRowDraft {
  return { entryDate: todayUs, expenseType: '', customType: '', amount: '', initials: cleanInitials(initials), description: '' };
}

/** Why someone may not change a saved entry entered by another person (issue 28); the server refuses with it too. */
export const enteredByMessage = (name: string | null) =>
  `Entered by ${name?.trim() || 'someone else'}: only an administrator can change it`;

/**
 * Who may change a saved entry (docs/decisions/030): admins and super admins any entry, a limited
 * user only the entries they entered. The sentence saying why not, or null when allowed.
 */
export function entryOwnerProblem(
  editor: { id: string; role: TDataRole },
  entry: { createdBy: string; createdByName: string | null },
): string | null {
  if (editor.role !== 'limited_user' || entry.createdBy === editor.id) return null;
  return enteredByMessage(entry.createdByName);
}

/** Saved only when it has a job title and hours above 0 that the server accepts (and a real date). */
export function isTimeRowValid(row: TimeRowDraft): boolean {
  return timeRowProblem(row) === null;
}

/** Why a row is not saved yet: `missing` while a field is still empty, else a value is not allowed. */
export interface RowProblem { text: string; missing: boolean }

export const ROW_PROBLEMS = {
  date: 'Enter a valid date to save',
  jobType: 'Select a job title to save',
  hoursMissing: 'Enter hours to save',
  hoursNotNumber: 'Hours must be a number to save',
  hoursZero: 'Hours must be above 0 to save',
  expenseType: 'Select an expense type to save',
  amountMissing: 'Enter an amount to save',
  amountNotNumber: 'Amount must be a number to save',
  amountZero: 'Amount must be above 0 to save',
} as const;

/** Positive number rule shared by hours and amounts: the problem, or null when above 0 and storable. */
function positiveProblem(
  text: string, missing: string, notNumber: string, zero: string, limit: (value: number) => string | null,
): RowProblem | null {
  if (text.trim() === '') return { text: missing, missing: true };
  const value = parseNonNegative(text);
  if (value === null) return { text: notNumber, missing: false };
  if (value <= 0) return { text: zero, missing: false };
  const over = limit(value);
  return over ? { text: over, missing: false } : null;
}

/**
 * The reason a time row is not saved (its status tooltip), or null when it is valid. Bulk apply
 * allows 0 hours, so a row can hold a value that is never saved: the user has to see why.
 */
export function timeRowProblem(row: TimeRowDraft): RowProblem | null {
  if (toIsoDate(row.entryDate) === null) return { text: ROW_PROBLEMS.date, missing: row.entryDate.trim() === '' };
  if (row.jobType.trim() === '') return { text: ROW_PROBLEMS.jobType, missing: true };
  return positiveProblem(row.hours, ROW_PROBLEMS.hoursMissing, ROW_PROBLEMS.hoursNotNumber, ROW_PROBLEMS.hoursZero, hoursProblem);
}

export function expenseRowProblem(row: ExpenseRowDraft): RowProblem | null {
  if (toIsoDate(row.entryDate) === null) return { text: ROW_PROBLEMS.date, missing: row.entryDate.trim() === '' };
  if (effectiveExpenseType(row) === '') return { text: ROW_PROBLEMS.expenseType, missing: true };
  return positiveProblem(row.amount, ROW_PROBLEMS.amountMissing, ROW_PROBLEMS.amountNotNumber, ROW_PROBLEMS.amountZero, amountProblem);
}

/** The type that is stored: the list choice, or the custom text when 'Custom...' is chosen. */
export function effectiveExpenseType(row: ExpenseRowDraft): string {
  return row.expenseType === CUSTOM_EXPENSE_TYPE ? row.customType.trim() : row.expenseType.trim();
}

/** Saved only with a date, a type and an amount above 0 in cents. */
export function isExpenseRowValid(row: ExpenseRowDraft): boolean {
  return expenseRowProblem(row) === null;
}

/** Splits a stored type into the list choice and custom text. */
export function expenseTypeFields(stored: string): Pick<ExpenseRowDraft, 'expenseType' | 'customType'> {
  const fixed = (EXPENSE_TYPES as readonly string[]).includes(stored) && stored !== CUSTOM_EXPENSE_TYPE;
  return fixed ? { expenseType: stored, customType: '' } : { expenseType: CUSTOM_EXPENSE_TYPE, customType: stored };
}

/** Leaving the custom field empty puts the row back on the list (SPEC §5 Expense row). */
export function revertEmptyCustom(row: ExpenseRowDraft): ExpenseRowDraft {
  return row.expenseType === CUSTOM_EXPENSE_TYPE && row.customType.trim() === ''
    ? { ...row, expenseType: '', customType: '' }
    : row;
}

/** The copy keeps date, job title, initials, hours and work details; description starts empty. */
export function duplicateTimeRow(row: TimeRowDraft): TimeRowDraft {
  return { ...row, description: '' };
}

/** The expense copy keeps every field. */
export function duplicateExpenseRow(row: ExpenseRowDraft): ExpenseRowDraft {
  return { ...row };
}

/**
 * Apply Hours to Selected: every selected row gets the first selected row's hours.
 * `rows` are in table order; the first selected is the first of them that is selected.
 */
export function bulkApplyHours(
  rows: readonly { key: string; hours: string }[],
  selected: ReadonlySet<string>,
): Result<{ hours: number; keys: string[]; message: string }> {
  const chosen = rows.filter((row) => selected.has(row.key));
  if (chosen.length === 0) return { ok: false, error: BULK_MESSAGES.noSelection };
  const hours = parseNonNegative(chosen[0]!.hours);
  if (hours === null) return { ok: false, error: BULK_MESSAGES.badHours };
  const keys = chosen.map((row) => row.key);
  return { ok: true, value: { hours, keys, message: BULK_MESSAGES.applied(hours, keys.length) } };
}

/** A row's part of the Time Totals: its hours when they are a number, its cost when it has one. */
export function timeFigures(row: { hours: string; cost: number | null }): { hours: number; cost: number } {
  return { hours: parseNonNegative(row.hours) ?? 0, cost: row.cost ?? 0 };
}

/** Time Totals from the rows' parts (kept per row by the page): hours to two decimals, cost to the cent. */
export function sumTimeFigures(figures: readonly { hours: number; cost: number }[]): { hours: number; cost: number } {
  let hours = 0;
  let cost = 0;
  for (const figure of figures) {
    hours += figure.hours;
    cost += figure.cost;
  }
  return { hours: Math.round(hours * 100) / 100, cost: roundToCents(cost) };
}

/** A row's part of the Expense Totals (its amount when it is a number). */
export const expenseFigure = (row: { amount: string }): number => parseNonNegative(row.amount) ?? 0;

/** Expense Totals from the rows' parts, to the cent. */
export const sumExpenseFigures = (amounts: readonly number[]): number => roundToCents(amounts.reduce((sum, amount) => sum + amount, 0));

/** Time row → request body fields; null when the row is not valid yet. */
export function timeRowPayload(row: TimeRowDraft) {
  if (!isTimeRowValid(row)) return null;
  return {
    entryDate: toIsoDate(row.entryDate)!,
    jobType: row.jobType.trim(),
    hours: parseNonNegative(row.hours)!,
    initials: cleanInitials(row.initials.trim()),
    workDetails: row.workDetails.trim(),
    description: row.description,
  };
}

export function expenseRowPayload(row: ExpenseRowDraft) {
  if (!isExpenseRowValid(row)) return null;
  return {
    entryDate: toIsoDate(row.entryDate)!,
    expenseType: effectiveExpenseType(row),
    amount: parseNonNegative(row.amount)!,
    initials: cleanInitials(row.initials.trim()),
    description: row.description,
  };
}

export function timeRowFromEntry(e: {
  entryDate: string; jobType: string; initials: string; hours: number; workDetails: string; description: string;
}): TimeRowDraft {
  return {
    entryDate: formatUsDate(e.entryDate), jobType: e.jobType, initials: e.initials,
    hours: String(e.hours), workDetails: e.workDetails, description: e.description,
  };
}

export function expenseRowFromEntry(e: {
  entryDate: string; expenseType: string; amount: number; initials: string; description: string;
}): ExpenseRowDraft {
  return {
    entryDate: formatUsDate(e.entryDate), ...expenseTypeFields(e.expenseType),
    amount: e.amount.toFixed(2), initials: e.initials, description: e.description,
  };
}
