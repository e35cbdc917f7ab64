import { describe, expect, it } from 'vitest';
import type { TBillLine } from '../api/accounting.ts';
import {
  LEDES_DRAFT_MESSAGE, LEDES_FIELDS, LEDES_VOID_MESSAGE, ledesDate, ledesFile, ledesFileName, ledesMissing, ledesProblem, ledesText,
  lineCodes, timekeeperClassification, timekeeperId, type LedesContext,
} from './ledes.ts';

const line = (over: Partial<TBillLine>): TBillLine => ({
  id: 'e1', kind: 'time', entryDate: '2026-05-04', projectNumber: 'P-1', staff: 'Maria Hale', type: 'Senior Consultant',
  hours: 2, rate: 150, amount: 300, originalAmount: 300, adjustmentReason: null, description: 'Site inspection', ...over,
});
const bill = (over: Partial<Parameters<typeof ledesFile>[0]> = {}) => ({
  number: 7, issuedOn: '2026-06-01', periodStart: '2026-05-01', periodEnd: '2026-05-31', total: 0, discountTotal: 0,
  caseName: 'Roof leak', fileNumber: '25-0183', clientMatterId: 'MAT-42', lines: [] as TBillLine[], ...over,
});
const context: LedesContext = {
  clientId: 'ACME-01', lawFirmId: '12-3456789',
  codes: { jobTitles: new Map([['Senior Consultant', { taskCode: 'L110', activityCode: 'A101' }]]), expenseTypes: new Map([['Airfare', 'E110']]) },
  timekeepers: new Map([['e1', '0f3c2a1b-9d8e-4c7b-a6f5-1234567890ab']]),
};
const parse = (file: string) => file.split('\n').map((l) => {
  expect(l.endsWith('[]')).toBe(true);
  return l.slice(0, -2).split('|');
});
const field = (row: string[], name: (typeof LEDES_FIELDS)[number]) => row[LEDES_FIELDS.indexOf(name)];
const sumCents = (rows: string[][]) => rows.reduce((s, r) => s + Math.round(Number(field(r, 'LINE_ITEM_TOTAL')) * 100), 0);

describe('ledesFile', () => {
  const cases: [string, ReturnType<typeof bill>, number][] = [
    ['one fee', bill({ total: 300, lines: [line({})] }), 1],
    ['a fee written down and an expense', bill({
      total: 750.5,
      lines: [line({ amount: 250, originalAmount: 300 }), line({ id: 'e2', kind: 'expense', type: 'Airfare', hours: null, rate: null, amount: 500.5, originalAmount: 500.5, description: 'BOS-AUS' })],
    }), 2],
    ['a discount split over fees and expenses', bill({
      total: 900, discountTotal: 100,
      lines: [line({ amount: 600, originalAmount: 600, hours: 4 }), line({ id: 'e2', kind: 'expense', type: 'Fuel', hours: null, rate: null, amount: 400, originalAmount: 400 })],
    }), 4],
    ['a discount on fees only, odd cents', bill({
      total: 200, discountTotal: 100.01, lines: [line({ amount: 300.01, originalAmount: 300.01, hours: 1.33, rate: 225.57 })],
    }), 2],
  ];
  it.each(cases)('%s: 24 fields on every line, totals that add up', (_name, b, count) => {
    const rows = parse(ledesFile(b, context));
    expect(rows[0]).toEqual(['LEDES1998B']);
    expect(rows[1]).toEqual([...LEDES_FIELDS]);
    const items = rows.slice(2);
    expect(items).toHaveLength(count);
    for (const r of items) {
      expect(r).toHaveLength(24);
      expect(field(r, 'INVOICE_TOTAL')).toBe(b.total.toFixed(2));
      expect(Number(field(r, 'LINE_ITEM_TOTAL'))).toBeCloseTo(
        Number(field(r, 'LINE_ITEM_NUMBER_OF_UNITS')) * Number(field(r, 'LINE_ITEM_UNIT_COST')) + Number(field(r, 'LINE_ITEM_ADJUSTMENT_AMOUNT')), 1);
      for (const name of ['INVOICE_DATE', 'BILLING_START_DATE', 'BILLING_END_DATE', 'LINE_ITEM_DATE'] as const) expect(field(r, name)).toMatch(/^\d{8}$/);
      for (const name of ['INVOICE_TOTAL', 'LINE_ITEM_TOTAL', 'LINE_ITEM_ADJUSTMENT_AMOUNT', 'LINE_ITEM_UNIT_COST'] as const) {
        expect(field(r, name)).toMatch(/^-?\d+\.\d{2}$/);
      }
    }
    expect(sumCents(items)).toBe(Math.round(b.total * 100));
    expect(items.map((r) => field(r, 'LINE_ITEM_NUMBER'))).toEqual(items.map((_r, i) => String(i + 1)));
  });

  it('fills the header, codes, timekeeper and adjustments of each line', () => {
    const rows = parse(ledesFile(bill({
      total: 950, discountTotal: 50,
      lines: [line({ amount: 250, originalAmount: 300 }), line({ id: 'e2', kind: 'expense', type: 'Airfare', hours: null, rate: null, amount: 750, originalAmount: 700, description: 'BOS-AUS' })],
    }), context)).slice(2);
    const [fee, expense, feeDiscount, expenseDiscount] = rows as [string[], string[], string[], string[]];
    expect(fee.slice(0, 8)).toEqual(['20260601', '0007', 'ACME-01', '25-0183', '950.00', '20260501', '20260531', 'Roof leak']);
    expect(fee.slice(8)).toEqual([
      '1', 'F', '2.00', '-50.00', '250.00', '20260504', 'L110', '', 'A101', '0F3C2A1B9D8E', 'Site inspection', '12-3456789',
      '150.00', 'Maria Hale', 'OT', 'MAT-42',
    ]);
    expect(expense.slice(8)).toEqual([
      '2', 'E', '1.00', '50.00', '750.00', '20260504', '', 'E110', '', '', 'Airfare: BOS-AUS', '12-3456789', '700.00', '', '', 'MAT-42',
    ]);
    expect(field(feeDiscount, 'EXP/FEE/INV_ADJ_TYPE')).toBe('IF');
    expect(field(feeDiscount, 'LINE_ITEM_TOTAL')).toBe('-12.50');
    expect(field(expenseDiscount, 'EXP/FEE/INV_ADJ_TYPE')).toBe('IE');
    expect(field(expenseDiscount, 'LINE_ITEM_TOTAL')).toBe('-37.50');
  });

  it('keeps pipes, brackets and line breaks out of fields', () => {
    const file = ledesFile(bill({
      total: 300, caseName: 'Smith | Jones [2026]', fileNumber: '25|01',
      lines: [line({ description: 'Call [client]\nabout | roof\r\n— “quotes” café' })],
    }), { ...context, clientId: 'A|B[]' });
    const rows = parse(file);
    expect(file.split('\n')).toHaveLength(3);
    const r = rows[2]!;
    expect(r).toHaveLength(24);
    expect(field(r, 'INVOICE_DESCRIPTION')).toBe('Smith / Jones (2026)');
    expect(field(r, 'LINE_ITEM_DESCRIPTION')).toBe('Call (client) about / roof - "quotes" cafe');
    expect(field(r, 'CLIENT_ID')).toBe('A/B()');
    for (const l of file.split('\n')) expect(l.slice(0, -2)).not.toMatch(/[[\]]/);
  });
});

describe('helpers', () => {
  it.each([
    ['Partner', 'PT'], ['Principal Engineer', 'PT'], ['Senior Associate', 'AS'], ['Of Counsel', 'OC'],
    ['Paralegal', 'LA'], ['Legal Assistant', 'LA'], ['Senior Consultant', 'OT'], ['Field Technician', 'OT'],
  ])('classifies %s as %s', (title, expected) => expect(timekeeperClassification(title)).toBe(expected));

  it('formats dates, names the file, keeps text to one line of ASCII', () => {
    expect(ledesDate('2026-01-09')).toBe('20260109');
    expect(ledesFileName(7)).toBe('Bill-0007.ledes');
    expect(ledesText('  a\t b  ')).toBe('a b');
    expect(timekeeperId('0f3c2a1b-9d8e-4c7b-a6f5-1234567890ab')).toBe('0F3C2A1B9D8E');
  });

  it.each([
    ['draft', LEDES_DRAFT_MESSAGE], ['void', LEDES_VOID_MESSAGE], ['issued', null], ['partially_paid', null], ['paid', null],
  ] as const)('a %s bill: %s', (status, expected) => expect(ledesProblem(status)).toBe(expected));
});

describe('required ids', () => {
  const all = { ledesFirmId: '12-3456789', ledesClientId: 'ACME-01', clientMatterId: 'MAT-42' };
  it.each([
    ['all set', all, null, null],
    ['no firm id', { ...all, ledesFirmId: '' }, 'ledesFirmId', "Set the firm's LEDES id (tax id) in Settings → Firm profile."],
    ['a blank firm id', { ...all, ledesFirmId: '   ' }, 'ledesFirmId', "Set the firm's LEDES id (tax id) in Settings → Firm profile."],
    ['no client id', { ...all, ledesClientId: '' }, 'ledesClientId', "Set the client's LEDES client id in the client's details (Clients → Edit client)."],
    ['no matter id', { ...all, clientMatterId: '' }, 'clientMatterId', "Set the case's LEDES matter id in the case's details (Clients → Edit case)."],
    ['none: the firm first', { ledesFirmId: '', ledesClientId: '', clientMatterId: '' }, 'ledesFirmId', "Set the firm's LEDES id (tax id) in Settings → Firm profile."],
  ])('%s', (_name, values, field, message) => {
    const missing = ledesMissing(values);
    expect(missing?.field ?? null).toBe(field);
    expect(missing?.message ?? null).toBe(message);
  });
});

describe('UTBMS codes of a time line', () => {
  const withOwn = (own: [string, { taskCode: string; activityCode: string }][]): LedesContext => ({ ...context, entryCodes: new Map(own) });
  it.each([
    ['none of its own: the job title\'s', withOwn([]), 'Senior Consultant', ['L110', 'A101']],
    ['its own', withOwn([['e1', { taskCode: 'L240', activityCode: 'A104' }]]), 'Senior Consultant', ['L240', 'A104']],
    ['its own task, the title\'s activity', withOwn([['e1', { taskCode: 'L240', activityCode: '' }]]), 'Senior Consultant', ['L240', 'A101']],
    ['a title with no codes and none of its own', withOwn([]), 'Drafter', ['', '']],
    ['a title with no codes, its own', withOwn([['e1', { taskCode: 'L330', activityCode: 'A103' }]]), 'Drafter', ['L330', 'A103']],
  ])('%s', (_name, ctx, title, [task, activity]) => {
    expect(lineCodes(ctx, 'e1', title)).toEqual({ taskCode: task, activityCode: activity });
    const row = parse(ledesFile(bill({ total: 300, lines: [line({ type: title })] }), ctx))[2]!;
    expect([field(row, 'LINE_ITEM_TASK_CODE'), field(row, 'LINE_ITEM_ACTIVITY_CODE')]).toEqual([task, activity]);
  });
});
