import type { TBillDetail } from '../api/accounting.ts';
import { formatBillNumber } from './billing.ts';

// LEDES 1998B (issue 24, docs/decisions/086): the pipe-delimited invoice file that law firms' and
// insurers' e-billing systems read. One line per fee (F) and expense (E), the bill's discount as
// invoice-level adjustment lines (IF for fees, IE for expenses), so the line totals add up to
// INVOICE_TOTAL exactly: the bill's total after write-downs and discount, before payments and credits.

export const LEDES_FIELDS = [
  'INVOICE_DATE', 'INVOICE_NUMBER', 'CLIENT_ID', 'LAW_FIRM_MATTER_ID', 'INVOICE_TOTAL', 'BILLING_START_DATE',
  'BILLING_END_DATE', 'INVOICE_DESCRIPTION', 'LINE_ITEM_NUMBER', 'EXP/FEE/INV_ADJ_TYPE', 'LINE_ITEM_NUMBER_OF_UNITS',
  'LINE_ITEM_ADJUSTMENT_AMOUNT', 'LINE_ITEM_TOTAL', 'LINE_ITEM_DATE', 'LINE_ITEM_TASK_CODE', 'LINE_ITEM_EXPENSE_CODE',
  'LINE_ITEM_ACTIVITY_CODE', 'TIMEKEEPER_ID', 'LINE_ITEM_DESCRIPTION', 'LAW_FIRM_ID', 'LINE_ITEM_UNIT_COST',
  'TIMEKEEPER_NAME', 'TIMEKEEPER_CLASSIFICATION', 'CLIENT_MATTER_ID',
] as const;

export const LEDES_DRAFT_MESSAGE = 'A draft cannot be exported as LEDES: issue the bill first.';
export const LEDES_VOID_MESSAGE = 'This bill is void and cannot be exported as LEDES.';

/** Why a bill in `status` cannot be exported, or null: LEDES has no draft or void flag, so only issued bills go. */
export const ledesProblem = (status: TBillDetail['status']): string | null =>
  status === 'draft' ? LEDES_DRAFT_MESSAGE : status === 'void' ? LEDES_VOID_MESSAGE : null;

export interface LedesCodes {
  /** By job title: UTBMS task and activity codes. */
  jobTitles: ReadonlyMap<string, { taskCode: string; activityCode: string }>;
  /** By expense type: UTBMS expense code. */
  expenseTypes: ReadonlyMap<string, string>;
}

/**
 * Fields an e-billing system refuses a file without, in the order they are asked for, each with
 * where to set it (issue 38): the firm's tax id (LAW_FIRM_ID), the client's id in the e-billing
 * system (CLIENT_ID) and the client's matter id (CLIENT_MATTER_ID). Never a stand-in: our own
 * 36-character ids mean nothing to the client's system.
 */
export const LEDES_REQUIRED = [
  { field: 'ledesFirmId', message: "Set the firm's LEDES id (tax id) in Settings → Firm profile." },
  { field: 'ledesClientId', message: "Set the client's LEDES client id in the client's details (Clients → Edit client)." },
  { field: 'clientMatterId', message: "Set the case's LEDES matter id in the case's details (Clients → Edit case)." },
] as const;
export type LedesRequiredField = (typeof LEDES_REQUIRED)[number]['field'];

/** The first required field that is empty, or null. */
export function ledesMissing(values: Record<LedesRequiredField, string>): (typeof LEDES_REQUIRED)[number] | null {
  return LEDES_REQUIRED.find((r) => values[r.field].trim() === '') ?? null;
}

export interface LedesContext {
  /** The client's id in the e-billing system. */
  clientId: string;
  /** The firm's id (its tax id), from the firm profile. */
  lawFirmId: string;
  codes: LedesCodes;
  /** Entry id → the id of the person who did the work (time lines). */
  timekeepers: ReadonlyMap<string, string>;
  /** Entry id → the UTBMS codes set on the entry itself; an empty code falls back to the job title's. */
  entryCodes?: ReadonlyMap<string, { taskCode: string; activityCode: string }>;
}

/** A time line's UTBMS codes: the entry's own, else its job title's (Settings → Billing codes). */
export function lineCodes(context: LedesContext, entryId: string, jobTitle: string): { taskCode: string; activityCode: string } {
  const own = context.entryCodes?.get(entryId);
  const title = context.codes.jobTitles.get(jobTitle);
  return { taskCode: own?.taskCode || title?.taskCode || '', activityCode: own?.activityCode || title?.activityCode || '' };
}

type Bill = Pick<TBillDetail,
  'number' | 'issuedOn' | 'periodStart' | 'periodEnd' | 'total' | 'discountTotal' |
  'caseName' | 'fileNumber' | 'clientMatterId' | 'lines'>;

const ASCII = new Map([['‘', "'"], ['’', "'"], ['“', '"'], ['”', '"'], ['–', '-'], ['—', '-'], ['…', '...']]);

/**
 * A field as LEDES allows it: one line of printable ASCII, no `|` (the field separator) and no
 * brackets (`[]` ends a line); accents are dropped, other characters left out.
 */
export function ledesText(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’“”–—…]/g, (c) => ASCII.get(c) ?? '')
    .replace(/\|/g, '/').replace(/\[/g, '(').replace(/\]/g, ')')
    .replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7E]/g, '')
    .replace(/ {2,}/g, ' ').trim();
}

/** YYYY-MM-DD → YYYYMMDD. */
export const ledesDate = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const cents = (amount: number) => Math.round(amount * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** LEDES timekeeper classes from a job title: partner, associate, of counsel, legal assistant, or other. */
export function timekeeperClassification(jobTitle: string): 'PT' | 'AS' | 'OC' | 'LA' | 'OT' {
  const t = jobTitle.toLowerCase();
  if (/\b(partner|principal)\b/.test(t)) return 'PT';
  if (/\bassociate\b/.test(t)) return 'AS';
  if (/\bcounsel\b/.test(t)) return 'OC';
  if (/\b(paralegal|legal assistant)\b/.test(t)) return 'LA';
  return 'OT';
}

/** A short id that stays the same for a person: the first 12 hex digits of their id, upper case. */
export const timekeeperId = (userId: string) => userId.replace(/-/g, '').slice(0, 12).toUpperCase();

interface Row {
  type: 'F' | 'E' | 'IF' | 'IE';
  units: string;
  adjustment: number;
  total: number;
  date: string;
  taskCode?: string;
  expenseCode?: string;
  activityCode?: string;
  timekeeperId?: string;
  description: string;
  unitCost: number;
  timekeeperName?: string;
  classification?: string;
}

/** The bill's discount split between fees and expenses by their share of the lines (in cents, adding up). */
function discountSplit(bill: Bill): { fee: number; expense: number } {
  const discount = cents(bill.discountTotal);
  const sum = (kind: 'time' | 'expense') => bill.lines.filter((l) => l.kind === kind).reduce((s, l) => s + cents(l.amount), 0);
  const time = sum('time');
  const subtotal = time + sum('expense');
  if (discount === 0 || subtotal === 0) return { fee: 0, expense: 0 };
  const fee = Math.round(discount * time / subtotal);
  return { fee, expense: discount - fee };
}

function rowsOf(bill: Bill, context: LedesContext): Row[] {
  const rows: Row[] = bill.lines.map((line) => {
    const total = cents(line.amount);
    const own = cents(line.originalAmount);
    if (line.kind === 'time') {
      const codes = lineCodes(context, line.id, line.type);
      // Units are the hours billed (a minimum's, a cancellation's); a fee rule's percentage or flat fee
      // is the adjustment, so units × unit cost + adjustment is the total (docs/decisions/138).
      const units = line.billedHours ?? line.hours ?? 0;
      const plain = Math.round(Number((units * cents(line.rate ?? 0)).toPrecision(12)));
      const description = line.description || line.type;
      return {
        type: 'F', units: units.toFixed(2), adjustment: total - plain, total, date: line.entryDate,
        taskCode: codes.taskCode, activityCode: codes.activityCode,
        description: line.feeRule ? `${description} (${line.feeRule})` : description,
        unitCost: cents(line.rate ?? 0), timekeeperId: timekeeperId(context.timekeepers.get(line.id) ?? ''),
        timekeeperName: line.staff, classification: timekeeperClassification(line.type),
      };
    }
    return {
      type: 'E', units: '1.00', adjustment: total - own, total, date: line.entryDate,
      expenseCode: context.codes.expenseTypes.get(line.type), description: line.description ? `${line.type}: ${line.description}` : line.type,
      unitCost: own,
    };
  });
  const split = discountSplit(bill);
  const date = bill.issuedOn ?? bill.periodEnd;
  if (split.fee > 0) rows.push({ type: 'IF', units: '0.00', adjustment: -split.fee, total: -split.fee, date, description: 'Discount on fees', unitCost: 0 });
  if (split.expense > 0) {
    rows.push({ type: 'IE', units: '0.00', adjustment: -split.expense, total: -split.expense, date, description: 'Discount on expenses', unitCost: 0 });
  }
  return rows;
}

/** The LEDES 1998B file of an issued bill: every line ends with `[]`; lines are separated by LF. */
export function ledesFile(bill: Bill, context: LedesContext): string {
  const head = [
    ledesDate(bill.issuedOn ?? bill.periodEnd), formatBillNumber(bill.number), ledesText(context.clientId), ledesText(bill.fileNumber),
    money(cents(bill.total)), ledesDate(bill.periodStart), ledesDate(bill.periodEnd), ledesText(bill.caseName || bill.fileNumber),
  ];
  const tail = [ledesText(context.lawFirmId)];
  const lines = rowsOf(bill, context).map((r, i) => [
    ...head, String(i + 1), r.type, r.units, money(r.adjustment), money(r.total), ledesDate(r.date),
    ledesText(r.taskCode ?? ''), ledesText(r.expenseCode ?? ''), ledesText(r.activityCode ?? ''), ledesText(r.timekeeperId ?? ''),
    ledesText(r.description), ...tail, money(r.unitCost), ledesText(r.timekeeperName ?? ''), r.classification ?? '',
    ledesText(bill.clientMatterId),
  ].join('|'));
  return ['LEDES1998B', LEDES_FIELDS.join('|'), ...lines].map((l) => `${l}[]`).join('\n');
}

/** The file name: Bill-0007.ledes. */
export const ledesFileName = (billNumber: number) => `Bill-${formatBillNumber(billNumber)}.ledes`;
