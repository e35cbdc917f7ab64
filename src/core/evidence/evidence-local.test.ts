import { describe, expect, it } from 'vitest';
import { ZCollectItem } from '../api/evidence.ts';
import { awaitsTag, localItem, NEW_ITEM_TAG, summaryOf, withItem } from './evidence-local.ts';

const input = ZCollectItem.parse({
  caseId: '11111111-1111-4111-8111-111111111111', description: 'Burnt outlet', collectedAt: '2026-11-29T15:00:00.000Z',
  collectedPlace: 'Kitchen', location: 'Van 2', entryId: '22222222-2222-4222-8222-222222222222', signature: 'data:image/png;base64,AAAA',
});
const make = (over: Partial<typeof input> = {}) => localItem({
  id: 'i1', input: { ...input, ...over }, collectorName: 'Dana Ruiz', caseFileNumber: '26-0105', caseName: 'Harbor View', parent: null,
});

describe('localItem', () => {
  it('has no tag number until the server gives one, and the collector holds it when no custodian was named', () => {
    const item = make();
    expect(item).toMatchObject({ tag: NEW_ITEM_TAG, tagNumber: 0, custodian: 'Dana Ruiz', location: 'Van 2', status: 'open', entries: [] });
    expect(awaitsTag(item)).toBe(true);
    expect(awaitsTag({ tagNumber: 7 })).toBe(false);
    expect(make({ custodian: 'Evidence room clerk' }).custodian).toBe('Evidence room clerk');
  });

  it('names the test item it came from', () => {
    const item = localItem({
      id: 'i2', input: { ...input, derivedFrom: { testId: '33333333-3333-4333-8333-333333333333', derivation: 'remaining' } },
      collectorName: 'Dana Ruiz', caseFileNumber: '26-0105', caseName: '', parent: { id: 'p', tag: 'E-0001', description: 'Elbow' },
    });
    expect(item).toMatchObject({ parentId: 'p', derivation: 'remaining', parent: { tag: 'E-0001' } });
  });
});

describe('withItem', () => {
  it('adds a new item last and replaces a listed one in place', () => {
    const a = summaryOf(make());
    const b = { ...a, id: 'i9', description: 'Shingle' };
    expect(withItem([b], a).map((i) => i.id)).toEqual(['i9', 'i1']);
    expect(withItem([a, b], { ...a, location: 'Lab' }).map((i) => i.location)).toEqual(['Lab', 'Van 2']);
    expect(Object.keys(a)).not.toContain('entries');
  });
});
