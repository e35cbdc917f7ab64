import type { TCollectItem, TEvidenceItem, TEvidenceSummary } from '../api/evidence.ts';

// An item collected on a phone without a connection (issue 42, docs/decisions/144): its collection
// waits in the outbox, and until the server has it the item is this local copy, with no tag number
// yet (the tag comes from the server's one series, never from a device).

/** What a local item shows where the tag will be. */
export const NEW_ITEM_TAG = 'New item';

/** Whether the item is a local copy whose collection has not reached the server. */
export const awaitsTag = (item: { tagNumber: number }) => item.tagNumber === 0;

/** The local copy of an item being collected: what was typed, held by its custodian (the collector when blank). */
export function localItem(options: {
  id: string; input: TCollectItem; collectorName: string; caseFileNumber: string; caseName: string; parent: TEvidenceItem['parent'];
}): TEvidenceItem {
  const { id, input, parent } = options;
  return {
    id, caseId: input.caseId, tag: NEW_ITEM_TAG, tagNumber: 0, description: input.description, category: input.category, quantity: input.quantity,
    condition: input.condition, collectedAt: input.collectedAt, collectedPlace: input.collectedPlace, collectedByName: options.collectorName,
    location: input.location, custodian: input.custodian || options.collectorName, status: 'open', parentId: parent?.id ?? null,
    derivation: input.derivedFrom?.derivation ?? null, version: 0, caseFileNumber: options.caseFileNumber, caseName: options.caseName,
    authorization: null, entries: [], photos: [], tests: [], derived: [], parent,
  };
}

/** The case's list with the item in it (in place when listed, else last: the list is in tag order, and it has none yet). */
export function withItem(items: readonly TEvidenceSummary[], item: TEvidenceSummary): TEvidenceSummary[] {
  return items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item];
}

export const summaryOf = ({ entries: _e, photos: _p, tests: _t, derived: _d, parent: _parent, authorization: _a, caseFileNumber: _f, caseName: _n, ...summary }: TEvidenceItem): TEvidenceSummary => summary;
