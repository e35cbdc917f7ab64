import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../lib/outbox-item.ts';
import { changeOf, conflictsIn, refusalsIn } from './field-queue.ts';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  seq: 1, id: 'c1', userId: 'u', kind: 'change', scope: 'field-report:r', key: 'field-report:r:/content/notes', label: 'Report 001: Field notes',
  request: { method: 'PATCH', url: '/api/field-reports/r/fields', json: { changeId: 'c1', path: '/content/notes', value: 'Mine', base: '' } },
  createdAt: 0, attempts: 0, ...over,
});

describe("a report's items in the queue", () => {
  it('reads a field change by its request, and not a certification', () => {
    expect(changeOf(item({}))).toMatchObject({ path: '/content/notes', value: 'Mine', base: '' });
    expect(changeOf(item({ request: { method: 'POST', url: '/api/field-reports/r/certify', json: { version: 2 } } }))).toBeNull();
  });

  it('lists a refused change as a field conflict (theirs, yours) only when the server named the field', () => {
    const conflict = item({ seq: 7, failure: { status: 409, code: 'EDIT_CONFLICT', message: 'changed', details: { field: '/content/notes', theirs: 'Theirs', yours: 'Mine' } } });
    const refused = item({ seq: 8, failure: { status: 400, code: 'VALIDATION_ERROR', message: 'too long', details: { fields: [] } } });
    const stale = item({ seq: 9, failure: { status: 409, code: 'EDIT_CONFLICT', message: 'version', details: {} } });
    expect(conflictsIn([conflict, refused, stale, item({ seq: 10 })])).toEqual([{ seq: 7, path: '/content/notes', theirs: 'Theirs', yours: 'Mine', current: undefined }]);
  });

  it.each([
    ['a rule of the field, in its own words', { status: 400, code: 'VALIDATION_ERROR', message: 'Damage summary is too long.', details: { fields: [{ path: '/content/notes', label: 'Field notes', message: 'Shorten it to save it.' }] } },
      [{ path: '/content/notes', label: 'Field notes', message: 'Shorten it to save it.' }]],
    ['a refusal without fields, at the change\'s field', { status: 409, code: 'VALIDATION_ERROR', message: 'This report is certified.' },
      [{ path: '/content/notes', label: 'Field notes', message: 'This report is certified.' }]],
    ['a conflict is not a refusal', { status: 409, code: 'EDIT_CONFLICT', message: 'changed', details: { field: '/content/notes' } }, []],
  ])('names a refused change by its field: %s', (_, failure, expected) => {
    expect(refusalsIn([item({ failure }), item({ seq: 2 })])).toEqual(expected);
  });

  it('reads no refusal from a certification or a waiting change', () => {
    const certify = item({ request: { method: 'POST', url: '/api/field-reports/r/certify', json: { version: 2 } }, failure: { status: 409, code: 'VALIDATION_ERROR', message: 'x' } });
    expect(refusalsIn([certify, item({})])).toEqual([]);
  });
});
