import { describe, expect, it } from 'vitest';
import { budgetAlertSubject, budgetAlertText, budgetPercent, budgetSubjectName, thresholdsToAlert } from './budgets.ts';

describe('budgetPercent', () => {
  it.each([
    [0, 10, 0], [7.5, 10, 75], [7.49, 10, 74.9], [10, 10, 100], [12.345, 10, 123.5], [5, 0, 0],
  ])('%s of %s is %s %%', (used, amount, percent) => expect(budgetPercent(used, amount)).toBe(percent));
});

describe('thresholdsToAlert', () => {
  it.each<[number, number[], number[]]>([
    [74.9, [], []],
    [75, [], [75]],
    [99.9, [75], []],
    [100, [75], [100]],
    [130, [], [75, 100]],
    [130, [75, 100], []],
    // Fallen below and back: what was alerted stays alerted.
    [80, [75], []],
  ])('at %s %% with %j alerted: %j', (percent, alerted, due) => expect(thresholdsToAlert(percent, alerted)).toEqual(due));
});

describe('alert words', () => {
  const where = budgetSubjectName({ projectNumber: null, projectName: null, fileNumber: 'F-1', caseName: 'Smith v. Jones' });
  it('names the case or the project', () => {
    expect(where).toBe('case F-1 (Smith v. Jones)');
    expect(budgetSubjectName({ projectNumber: 'F-1-01', projectName: 'Roof', fileNumber: 'F-1', caseName: 'x' })).toBe('project F-1-01 (Roof)');
    expect(budgetAlertSubject(where, 75)).toBe('Budget 75 % used: case F-1 (Smith v. Jones)');
    expect(budgetAlertSubject(where, 100)).toBe('Budget used up: case F-1 (Smith v. Jones)');
  });
  it('says hours of an hours budget and no amount of a money budget', () => {
    const base = { where, threshold: 75, percent: 80, used: 800, amount: 1000, firmName: 'Firm' };
    expect(budgetAlertText({ ...base, unit: 'hours' })).toContain('80.0 % used (800.0 of 1000.0 hours).');
    const money = budgetAlertText({ ...base, unit: 'money' });
    expect(money).toContain('80.0 % used.');
    expect(money).not.toMatch(/800|1000|\$/);
  });
});
