import { LIMIT_MESSAGES } from '../limits.ts';
import { describe, expect, it } from 'vitest';
import {
  blankExpenseRow, blankTimeRow, BULK_MESSAGES, enteredByMessage, entryOwnerProblem, bulkApplyHours, cleanInitials, duplicateExpenseRow, duplicateTimeRow,
  effectiveExpenseType, expenseRowFromEntry, expenseRowProblem, ROW_PROBLEMS, timeRowProblem, expenseFigure, expenseRowPayload, expenseTypeFields, isExpenseRowValid,
  isTimeRowValid, parseNonNegative, revertEmptyCustom, sumExpenseFigures, sumTimeFigures, timeFigures, timeRowPayload, type ExpenseRowDraft, type TimeRowDraft,
} from './time-rows.ts';

const time = (over: Partial<TimeRowDraft> = {}): TimeRowDraft => ({
  entryDate: '03/15/2026', jobType: 'Consultant', initials: 'MH', hours: '1.5', workDetails: 'email', description: 'Call', ...over,
});
const expense = (over: Partial<ExpenseRowDraft> = {}): ExpenseRowDraft => ({
  entryDate: '03/15/2026', expenseType: 'Fuel', customType: '', amount: '42.10', initials: 'MH', description: 'Trip', ...over,
});

describe('parseNonNegative', () => {
  it.each([
    ['1.5', 1.5], [' 2 ', 2], ['0', 0], ['.5', 0.5], ['3.', 3],
    ['', null], ['-1', null], ['abc', null], ['1e3', null], ['1.2.3', null],
  ])('%j → %s', (text, expected) => expect(parseNonNegative(text)).toBe(expected));
});

describe('time row validity (job title and hours above 0)', () => {
  it.each([
    ['complete', time(), true],
    ['no job title', time({ jobType: '' }), false],
    ['blank job title', time({ jobType: '  ' }), false],
    ['zero hours', time({ hours: '0' }), false],
    ['no hours', time({ hours: '' }), false],
    ['negative hours', time({ hours: '-1' }), false],
    ['bad hours', time({ hours: 'x' }), false],
    ['bad date', time({ entryDate: '13/45/2026' }), false],
    ['description optional', time({ description: '', workDetails: '', initials: '' }), true],
  ])('%s', (_label, row, valid) => expect(isTimeRowValid(row)).toBe(valid));
});

describe('why a time row is not saved (status tooltip)', () => {
  it.each([
    ['complete', time(), null],
    ['zero hours (bulk apply allows 0)', time({ hours: '0' }), { text: ROW_PROBLEMS.hoursZero, missing: false }],
    ['more than a day', time({ hours: '25' }), { text: LIMIT_MESSAGES.hoursOverDay, missing: false }],
    ['three decimals', time({ hours: '1.125' }), { text: LIMIT_MESSAGES.hoursDecimals, missing: false }],
    ['0.0 hours', time({ hours: '0.0' }), { text: 'Hours must be above 0 to save', missing: false }],
    ['no hours yet', time({ hours: '' }), { text: ROW_PROBLEMS.hoursMissing, missing: true }],
    ['bad hours', time({ hours: 'x' }), { text: ROW_PROBLEMS.hoursNotNumber, missing: false }],
    ['no job title', time({ jobType: '', hours: '0' }), { text: ROW_PROBLEMS.jobType, missing: true }],
    ['bad date', time({ entryDate: '13/45/2026' }), { text: ROW_PROBLEMS.date, missing: false }],
  ])('%s', (_label, row, problem) => {
    expect(timeRowProblem(row)).toEqual(problem);
    expect(problem === null).toBe(isTimeRowValid(row));
  });
});

describe('why an expense row is not saved (status tooltip)', () => {
  it.each([
    ['complete', expense(), null],
    ['zero amount', expense({ amount: '0.00' }), { text: ROW_PROBLEMS.amountZero, missing: false }],
    ['fractions of a cent', expense({ amount: '12.345' }), { text: LIMIT_MESSAGES.amountDecimals, missing: false }],
    ['no amount', expense({ amount: ' ' }), { text: ROW_PROBLEMS.amountMissing, missing: true }],
    ['no type', expense({ expenseType: '' }), { text: ROW_PROBLEMS.expenseType, missing: true }],
    ['empty custom type', expense({ expenseType: 'Custom...', customType: '' }), { text: ROW_PROBLEMS.expenseType, missing: true }],
  ])('%s', (_label, row, problem) => {
    expect(expenseRowProblem(row)).toEqual(problem);
    expect(problem === null).toBe(isExpenseRowValid(row));
  });
});

describe('expense row validity (date, type and amount)', () => {
  it.each([
    ['complete', expense(), true],
    ['no type', expense({ expenseType: '' }), false],
    ['custom with text', expense({ expenseType: 'Custom...', customType: 'Tolls' }), true],
    ['custom without text', expense({ expenseType: 'Custom...', customType: ' ' }), false],
    ['zero amount', expense({ amount: '0' }), false],
    ['no amount', expense({ amount: '' }), false],
    ['no date', expense({ entryDate: '' }), false],
  ])('%s', (_label, row, valid) => expect(isExpenseRowValid(row)).toBe(valid));
});

describe('Custom... expense type', () => {
  it.each([
    ['Fuel', { expenseType: 'Fuel', customType: '' }],
    ['Crew/Support', { expenseType: 'Crew/Support', customType: '' }],
    ['Tolls', { expenseType: 'Custom...', customType: 'Tolls' }],
    ['Custom...', { expenseType: 'Custom...', customType: 'Custom...' }],
  ])('stored %j shows as %j', (stored, fields) => expect(expenseTypeFields(stored)).toEqual(fields));

  it('stores the custom text, trimmed', () => {
    expect(effectiveExpenseType(expense({ expenseType: 'Custom...', customType: ' Tolls ' }))).toBe('Tolls');
    expect(effectiveExpenseType(expense({ expenseType: 'Hotel', customType: 'ignored' }))).toBe('Hotel');
  });

  it('an empty custom type reverts to the list', () => {
    expect(revertEmptyCustom(expense({ expenseType: 'Custom...', customType: '' }))).toMatchObject({ expenseType: '', customType: '' });
    const kept = expense({ expenseType: 'Custom...', customType: 'Tolls' });
    expect(revertEmptyCustom(kept)).toBe(kept);
  });
});

describe('duplicate copy rules', () => {
  it('time copy keeps date, job title, initials, hours and work details; empty description', () => {
    expect(duplicateTimeRow(time())).toEqual({ ...time(), description: '' });
  });
  it('expense copy keeps every field', () => {
    const row = expense({ expenseType: 'Custom...', customType: 'Tolls' });
    const copy = duplicateExpenseRow(row);
    expect(copy).toEqual(row);
    expect(copy).not.toBe(row);
  });
});

describe('bulk apply hours', () => {
  const rows = [{ key: 'a', hours: '2' }, { key: 'b', hours: '' }, { key: 'c', hours: 'x' }, { key: 'd', hours: '0.5' }];
  it.each([
    ['nothing selected', [], { ok: false, error: BULK_MESSAGES.noSelection }],
    ['first selected has no hours', ['b', 'd'], { ok: false, error: BULK_MESSAGES.badHours }],
    ['first selected has bad hours', ['c', 'd'], { ok: false, error: BULK_MESSAGES.badHours }],
    ['applies the first selected (table order)', ['d', 'a', 'b'],
      { ok: true, value: { hours: 2, keys: ['a', 'b', 'd'], message: 'Applied 2 hours to 3 entries' } }],
    ['one row', ['d'], { ok: true, value: { hours: 0.5, keys: ['d'], message: 'Applied 0.5 hours to 1 entries' } }],
  ])('%s', (_label, selected, expected) => expect(bulkApplyHours(rows, new Set(selected as string[]))).toEqual(expected));
});

describe('totals', () => {
  it.each([
    [[], { hours: 0, cost: 0 }],
    [[{ hours: '1.5', cost: 150 }, { hours: '0.25', cost: null }], { hours: 1.75, cost: 150 }],
    [[{ hours: '0.1', cost: 0.1 }, { hours: '0.2', cost: 0.2 }], { hours: 0.3, cost: 0.3 }],
    [[{ hours: 'x', cost: null }, { hours: '', cost: null }], { hours: 0, cost: 0 }],
  ])('time %j', (rows, expected) => expect(sumTimeFigures(rows.map(timeFigures))).toEqual(expected));

  it.each([
    [[], 0],
    [[{ amount: '10.10' }, { amount: '0.20' }, { amount: '' }], 10.3],
  ])('expense %j → %s', (rows, expected) => expect(sumExpenseFigures(rows.map(expenseFigure))).toBe(expected));
});

describe('payloads', () => {
  it('time row to body: ISO date, trimmed, initials upper case', () => {
    expect(timeRowPayload(time({ jobType: ' Consultant ', initials: 'mh' }))).toEqual({
      entryDate: '2026-03-15', jobType: 'Consultant', hours: 1.5, initials: 'MH', workDetails: 'email', description: 'Call',
    });
    expect(timeRowPayload(time({ hours: '0' }))).toBeNull();
  });
  it('expense row to body uses the custom text', () => {
    expect(expenseRowPayload(expense({ expenseType: 'Custom...', customType: 'Tolls' }))).toMatchObject({ expenseType: 'Tolls', amount: 42.1 });
    expect(expenseRowPayload(expense({ amount: '' }))).toBeNull();
  });
  it('entry to row and back', () => {
    expect(expenseRowFromEntry({ entryDate: '2026-03-15', expenseType: 'Tolls', amount: 5, initials: 'A', description: '' }))
      .toEqual({ entryDate: '03/15/2026', expenseType: 'Custom...', customType: 'Tolls', amount: '5.00', initials: 'A', description: '' });
  });
  it('initials are at most 3, upper case', () => expect(cleanInitials('abcd')).toBe('ABC'));
  it('blank rows default the date', () => {
    expect(blankTimeRow('01/02/2026').entryDate).toBe('01/02/2026');
    expect(blankExpenseRow('01/02/2026').expenseType).toBe('');
  });
});

describe('a new row carries the initials of whoever adds it (issue 28)', () => {
  it.each([
    ['MH', 'MH'], ['dp', 'DP'], ['ABCD', 'ABC'], ['', ''],
  ])('%j → %j', (initials, expected) => {
    expect(blankTimeRow('01/02/2026', initials).initials).toBe(expected);
    expect(blankExpenseRow('01/02/2026', initials).initials).toBe(expected);
  });
  it('without initials the row starts empty', () => expect(blankTimeRow('01/02/2026').initials).toBe(''));
});

describe('who may change a saved entry, and the sentence why not (issue 28)', () => {
  const luis = { createdBy: 'luis', createdByName: 'Luis Mendoza' };
  it.each([
    ['a limited user, another\'s entry', { id: 'james', role: 'limited_user' as const }, luis, 'Entered by Luis Mendoza: only an administrator can change it'],
    ['a limited user, their own entry', { id: 'luis', role: 'limited_user' as const }, luis, null],
    ['an admin, another\'s entry', { id: 'denise', role: 'admin' as const }, luis, null],
    ['a super admin, another\'s entry', { id: 'margaret', role: 'super_admin' as const }, luis, null],
    ['a limited user, an entry by someone unnamed', { id: 'james', role: 'limited_user' as const }, { createdBy: 'x', createdByName: null },
      'Entered by someone else: only an administrator can change it'],
  ])('%s', (_label, editor, entry, expected) => expect(entryOwnerProblem(editor, entry)).toBe(expected));
  it.each([
    ['Luis Mendoza', 'Entered by Luis Mendoza: only an administrator can change it'],
    ['  ', 'Entered by someone else: only an administrator can change it'],
    [null, 'Entered by someone else: only an administrator can change it'],
  ])('%j', (name, expected) => expect(enteredByMessage(name)).toBe(expected));
});
