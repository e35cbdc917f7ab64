import { describe, expect, it } from 'vitest';
import { afterEntry, custodyContentText, tagText, testStartProblem, type CustodyContent } from './evidence.ts';

describe('tagText', () => {
  it.each([[1, 'E-0001'], [42, 'E-0042'], [9999, 'E-9999'], [10000, 'E-10000']])('%i → %s', (n, text) => expect(tagText(n)).toBe(text));
});

const entry: CustodyContent = {
  id: 'e1', itemId: 'i1', seq: 1, kind: 'collected', at: '2026-11-28T15:00:00.000Z', from: '', to: 'Dana Ruiz', location: 'Van 2',
  purpose: 'Collected at the site', correctsId: null, signedByName: 'Dana Ruiz', signatureSha256: 'a'.repeat(64), photoSha256s: ['c', 'b'],
  recordedBy: 'u1',
};

describe('custodyContentText', () => {
  it('is the same whatever order the photos were added in', () => {
    expect(custodyContentText(entry)).toBe(custodyContentText({ ...entry, photoSha256s: ['b', 'c'] }));
  });
  it.each<[keyof CustodyContent, unknown]>([
    ['to', 'Someone else'], ['at', '2026-11-28T15:00:00.001Z'], ['purpose', 'x'], ['signatureSha256', null], ['seq', 2], ['photoSha256s', ['b']],
  ])('changes when %s changes', (field, value) => {
    expect(custodyContentText({ ...entry, [field]: value })).not.toBe(custodyContentText(entry));
  });
});

describe('afterEntry', () => {
  const here = { location: 'Van 2', custodian: 'Dana Ruiz' };
  it.each([
    [{ kind: 'released', to: 'FedEx', location: '' }, { location: 'Van 2', custodian: 'FedEx' }],
    [{ kind: 'moved', to: '', location: 'Evidence room, shelf B' }, { location: 'Evidence room, shelf B', custodian: 'Dana Ruiz' }],
    [{ kind: 'to_lab', to: 'Acme Labs', location: 'Acme Labs, Austin' }, { location: 'Acme Labs, Austin', custodian: 'Acme Labs' }],
    [{ kind: 'photo', to: 'x', location: 'y' }, here],
    [{ kind: 'correction', to: 'x', location: 'y' }, here],
  ])('%j', (e, after) => expect(afterEntry(here, e)).toEqual(after));
});

describe('testStartProblem', () => {
  const day = 86_400_000;
  const told = new Date('2026-11-01T12:00:00Z');
  const fmt = (d: Date) => d.toISOString().slice(0, 10);
  const at = (days: number) => new Date(told.getTime() + days * day);
  it.each([
    ['before the period, nobody waived', [{ name: 'A', toldAt: told, waived: false }], 10, at(9), 'too-early'],
    ['on the day the period ends', [{ name: 'A', toldAt: told, waived: false }], 10, at(10), null],
    ['before the period, one of two waived', [{ name: 'A', toldAt: told, waived: true }, { name: 'B', toldAt: told, waived: false }], 10, at(1), 'too-early'],
    ['before the period, every party waived', [{ name: 'A', toldAt: told, waived: true }, { name: 'B', toldAt: null, waived: true }], 10, at(1), null],
    ['a party never told', [{ name: 'A', toldAt: told, waived: false }, { name: 'B', toldAt: null, waived: false }], 10, at(30), 'not-told'],
    ['counted from the last party told', [{ name: 'A', toldAt: told, waived: false }, { name: 'B', toldAt: at(5), waived: false }], 10, at(12), 'too-early'],
    ['a period of 0 days', [{ name: 'A', toldAt: told, waived: false }], 0, told, null],
    ['no parties: counted from the planning', [], 10, at(3), 'too-early'],
    ['no parties, after the period', [], 10, at(10), null],
  ])('%s', (_name, parties, noticeDays, now, reason) => {
    const result = testStartProblem({ parties, noticeDays, now, formatDate: fmt, since: told });
    if (reason === null) expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, reason });
  });

  it('names the first day the test may start', () => {
    const result = testStartProblem({ parties: [{ name: 'A', toldAt: told, waived: false }], noticeDays: 10, now: at(2), formatDate: fmt });
    expect(result).toMatchObject({ message: 'The notice period has not passed: the test may start on 2026-11-11, unless every party waives in writing.' });
  });
});
