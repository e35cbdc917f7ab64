import { describe, expect, it } from 'vitest';
import { auditValueText, changedFields } from './audit.ts';

describe('changedFields', () => {
  it.each([
    ['an update shows only the fields that changed, not version or updated_at',
      'action_items', { id: 'a', title: 'Visit', status: 'pending', version: 1, updated_at: 'x' }, { id: 'a', title: 'Site visit', status: 'pending', version: 2, updated_at: 'y' }, true,
      [{ field: 'title', before: 'Visit', after: 'Site visit', hidden: false }]],
    ['an insert lists what it set, empty values left out',
      'projects', null, { id: 'p', project_name: 'Roof', status: 'active', address: null }, true,
      [{ field: 'project_name', before: null, after: 'Roof', hidden: false }, { field: 'status', before: null, after: 'active', hidden: false }]],
    ['a delete lists what the row held',
      'cases', { id: 'c', file_number: 'F-1' }, null, true,
      [{ field: 'file_number', before: 'F-1', after: null, hidden: false }]],
    ['a rate change is withheld from anyone but a super admin',
      'time_entries', { id: 't', rate: '150.00', hours: '1.00' }, { id: 't', rate: '175.00', hours: '2.00' }, false,
      [{ field: 'hours', before: '1.00', after: '2.00', hidden: false }, { field: 'rate', before: null, after: null, hidden: true }]],
    ['a super admin sees the rate',
      'time_entries', { id: 't', rate: '150.00' }, { id: 't', rate: '175.00' }, true,
      [{ field: 'rate', before: '150.00', after: '175.00', hidden: false }]],
    ['expense amounts are not withheld (docs/decisions/030)',
      'expense_entries', { id: 'e', amount: '10.00' }, { id: 'e', amount: '12.00' }, false,
      [{ field: 'amount', before: '10.00', after: '12.00', hidden: false }]],
    ['an entry\'s report columns (cents, case, client) are left out, even the value in cents',
      'time_entries', null, { id: 't', hours: '1.50', hours_cents: 150, value_cents: 22500, case_id: 'c', client_id: 'k' }, false,
      [{ field: 'hours', before: null, after: '1.50', hidden: false }]],
    ['a project\'s case is still shown',
      'projects', null, { id: 'p', case_id: 'c' }, true, [{ field: 'case_id', before: null, after: 'c', hidden: false }]],
    ['nested values compare by content',
      'projects', { id: 'p', address: { city: 'Austin' } }, { id: 'p', address: { city: 'Austin' } }, true, []],
  ])('%s', (_label, table, before, after, showMoney, expected) => {
    expect(changedFields(table, before, after, { showMoney })).toEqual(expected);
  });
});

describe('auditValueText', () => {
  it.each([[null, '—'], ['', '—'], ['x', 'x'], [true, 'yes'], [false, 'no'], [3, '3'], [{ a: 1 }, '{"a":1}']])('%j → %s', (value, text) => {
    expect(auditValueText(value)).toBe(text);
  });
});
