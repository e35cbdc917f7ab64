import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.ts';

describe('changedFields', () => {
  it.each([
    ['an update shows only the fields that changed, not version or updated_at',
      'action_items', { id: 'a', title: 'Visit', status: 'pending', version: 1, updated_at: 'x' }, { id: 'a', title: 'Site visit', status: 'pending', version: 2, updated_at: 'y' }, true,
      [{ field: 'title', before: 'Visit', after: 'Site visit' }]],
    ['an insert lists what it set, empty values left out',
      'projects', null, { id: 'p', project_name: 'Roof', status: 'active', address: null }, true,
      [{ field: 'project_name', before: null, after: 'Roof' }, { field: 'status', before: null, after: 'active' }]],
    ['a delete lists what the row held',
      'cases', { id: 'c', file_number: 'F-1' }, null, true,
      [{ field: 'file_number', before: 'F-1', after: null }]],
    ['a rate change is left out, name and values, for anyone but a super admin',
      'time_entries', { id: 't', rate: '150.00', hours: '1.00' }, { id: 't', rate: '175.00', hours: '2.00' }, false,
      [{ field: 'hours', before: '1.00', after: '2.00' }]],
    ['a bill\'s hours and totals are left out for an admin, its number and status kept',
      'bills', null, { id: 'b', number: 7, status: 'issued', hours: '3.50', time_total: '525.00', expense_total: '12.00' }, false,
      [{ field: 'number', before: null, after: 7 }, { field: 'status', before: null, after: 'issued' }]],
    ['a super admin sees a bill\'s hours and totals',
      'bills', { id: 'b', hours: '3.50', time_total: '525.00' }, { id: 'b', hours: '4.00', time_total: '600.00' }, true,
      [{ field: 'hours', before: '3.50', after: '4.00' }, { field: 'time_total', before: '525.00', after: '600.00' }]],
    ['a super admin sees the rate',
      'time_entries', { id: 't', rate: '150.00' }, { id: 't', rate: '175.00' }, true,
      [{ field: 'rate', before: '150.00', after: '175.00' }]],
    ['an expense amount is money in the audit log, as in reports (docs/decisions/075)',
      'expense_entries', { id: 'e', amount: '10.00', description: 'a' }, { id: 'e', amount: '12.00', description: 'b' }, false,
      [{ field: 'description', before: 'a', after: 'b' }]],
    ['an entry\'s report columns (cents, case, client) are left out, even the value in cents',
      'time_entries', null, { id: 't', hours: '1.50', hours_cents: 150, value_cents: 22500, case_id: 'c', client_id: 'k' }, false,
      [{ field: 'hours', before: null, after: '1.50' }]],
    ['internal columns never show: calendar sync bookkeeping, created_at, fingerprints',
      'action_items', { id: 'a', calendar_generation: 1, google_event_id: 'g1' }, { id: 'a', calendar_generation: 2, google_event_id: 'g2' }, true, []],
    ['a project\'s case is still shown',
      'projects', null, { id: 'p', case_id: 'c' }, true, [{ field: 'case_id', before: null, after: 'c' }]],
    ['nested values compare by content',
      'projects', { id: 'p', address: { city: 'Austin' } }, { id: 'p', address: { city: 'Austin' } }, true, []],
  ])('%s', (_label, table, before, after, showMoney, expected) => {
    expect(changedFields(table, before, after, { showMoney })).toEqual(expected);
  });
});
