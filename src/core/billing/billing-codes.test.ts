import { describe, expect, it } from 'vitest';
import { billingCodeProblems, hasNoCodes, normalizeCode, type BillingCodeInput } from './billing-codes.ts';

const job = (over: Partial<BillingCodeInput>): BillingCodeInput =>
  ({ kind: 'job_title', name: 'Senior Consultant', taskCode: '', activityCode: '', expenseCode: '', ...over });
const expense = (over: Partial<BillingCodeInput>): BillingCodeInput =>
  ({ kind: 'expense_type', name: 'Airfare', taskCode: '', activityCode: '', expenseCode: '', ...over });

describe('billingCodeProblems', () => {
  it.each([
    [job({ taskCode: 'L110', activityCode: 'A101' }), []],
    [job({ taskCode: ' l110 ' }), []],
    [job({ taskCode: 'X1234567890' }), [['taskCode', 'Task code of Senior Consultant must be letters then digits, at most 10 characters (like L110).']]],
    [job({ activityCode: '101' }), [['activityCode', 'Activity code of Senior Consultant must be letters then digits, at most 10 characters (like A101).']]],
    [job({ taskCode: 'L-110' }), [['taskCode', 'Task code of Senior Consultant must be letters then digits, at most 10 characters (like L110).']]],
    [job({ expenseCode: 'E101' }), [['expenseCode', 'Expense code of Senior Consultant: a job title takes only a task code and an activity code.']]],
    [expense({ expenseCode: 'E110' }), []],
    [expense({ expenseCode: 'E1|0' }), [['expenseCode', 'Expense code of Airfare must be letters then digits, at most 10 characters (like E101).']]],
    [expense({ taskCode: 'L110' }), [['taskCode', 'Task code of Airfare: an expense type takes only an expense code.']]],
  ])('%j', (code, expected) => {
    expect(billingCodeProblems(code).map((p) => [p.field, p.message])).toEqual(expected);
  });
});

describe('codes', () => {
  it('are stored upper case, and a row without any is removed', () => {
    expect(normalizeCode(' e101 ')).toBe('E101');
    expect(hasNoCodes(job({ taskCode: '  ' }))).toBe(true);
    expect(hasNoCodes(job({ activityCode: 'A101' }))).toBe(false);
  });
});
