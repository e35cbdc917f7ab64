import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { OFFLINE_ITEMS_LIMIT, type TCaseEvidence, type TCollectItem, type TCustodyEntry, type TEntryInput, type TEvidenceItem, type TEvidenceSummary, type TEvidenceTest } from '../../../core/api/evidence.ts';
import { DERIVATION_LABEL, tagText } from '../../../core/evidence/evidence.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import type { EvidenceItemsTable } from '../../db/evidence-types.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { preparePhoto } from '../../uploads/images.ts';
import { uploadProblem } from '../../../core/documents/images.ts';
import { appendEntry } from './chain.ts';

// Evidence items and their custody entries (issue 42). Items and entries are saved by their
// client-made ids with PUT: a replay (the outbox sending again after a lost answer) finds the row and
// answers it, never a second one.

export interface Actor {
  id: string;
  name: string;
}

export const actorName = async (db: DbOrTx, id: string): Promise<string> => {
  const row = await db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.email', 'profiles.display_name']).where('users.id', '=', id).executeTakeFirst();
  return row?.display_name || row?.email || 'Unknown';
};

export function toSummary(row: Selectable<EvidenceItemsTable>): TEvidenceSummary {
  return {
    id: row.id, caseId: row.case_id, tag: tagText(row.tag_number), tagNumber: row.tag_number, description: row.description, category: row.category,
    quantity: row.quantity, condition: row.condition, collectedAt: row.collected_at.toISOString(), collectedPlace: row.collected_place,
    collectedByName: row.collected_by_name, location: row.location, custodian: row.custodian, status: row.status, parentId: row.parent_id,
    derivation: row.derivation, version: row.version,
  };
}

/**
 * A drawn signature (data URL) as stored: a JPEG on white (the custody report embeds hundreds of
 * them, and a JPEG is copied into a PDF as it is, where a PNG's alpha would be decoded each time).
 */
export async function drawnSignature(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const problem = uploadProblem(bytes);
  if (problem) throw refuse('signature', problem, 'signature');
  const { image } = await preparePhoto(bytes);
  return { image, type: 'image/jpeg' };
}

export async function noticeDaysOf(db: DbOrTx, caseId: string): Promise<number> {
  const row = await db.selectFrom('evidence_case_settings').select('notice_days').where('case_id', '=', caseId).executeTakeFirst();
  return row?.notice_days ?? 10;
}

export async function setNoticeDays(db: DbOrTx, actorId: string, caseId: string, noticeDays: number) {
  await withActor(db, actorId, async (tx) => {
    const found = await tx.selectFrom('cases').select('id').where('id', '=', caseId).executeTakeFirst();
    if (!found) throw new AppError('RECORD_NOT_FOUND');
    await tx.insertInto('evidence_case_settings').values({ case_id: caseId, notice_days: noticeDays })
      .onConflict((oc) => oc.column('case_id').doUpdateSet({ notice_days: noticeDays })).execute();
  });
  return { items: await caseItems(db, caseId), noticeDays };
}

export async function caseItems(db: DbOrTx, caseId: string): Promise<TEvidenceSummary[]> {
  const rows = await db.selectFrom('evidence_items').selectAll().where('case_id', '=', caseId).orderBy('tag_number').execute();
  return rows.map(toSummary);
}

export async function caseEvidence(db: DbOrTx, caseId: string): Promise<TCaseEvidence> {
  return { items: await caseItems(db, caseId), noticeDays: await noticeDaysOf(db, caseId) };
}

/** Every item of the case in full (its newest OFFLINE_ITEMS_LIMIT), for the case's page to keep on the device: a label scanned offline opens. */
export async function caseItemsInFull(db: DbOrTx, caseId: string): Promise<{ items: TEvidenceItem[] }> {
  const rows = await db.selectFrom('evidence_items').select('id').where('case_id', '=', caseId).orderBy('tag_number', 'desc').limit(OFFLINE_ITEMS_LIMIT).execute();
  const items: TEvidenceItem[] = [];
  for (const row of rows.reverse()) items.push(await getItem(db, row.id));
  return { items };
}

/** Collects an item: the item and its first entry ('collected', signed) in one transaction. */
export async function collectItem(db: DbOrTx, options: { actor: Actor; id: string; input: TCollectItem }): Promise<TEvidenceItem> {
  const { actor, id, input } = options;
  const existing = await db.selectFrom('evidence_items').select('case_id').where('id', '=', id).executeTakeFirst();
  if (existing) return getItem(db, id);
  const signature = await drawnSignature(input.signature);
  await withActor(db, actor.id, async (tx) => {
    const found = await tx.selectFrom('cases').select('id').where('id', '=', input.caseId).executeTakeFirst();
    if (!found) throw refuse('caseId', 'The case no longer exists.', 'exists');
    let parent: { id: string } | null = null;
    if (input.derivedFrom) {
      const test = await tx.selectFrom('evidence_tests').innerJoin('evidence_items', 'evidence_items.id', 'evidence_tests.item_id')
        .select(['evidence_items.id', 'evidence_items.case_id', 'evidence_tests.started_at']).where('evidence_tests.id', '=', input.derivedFrom.testId)
        .executeTakeFirst();
      if (!test || test.case_id !== input.caseId) throw refuse('derivedFrom', 'The test belongs to another case or no longer exists.', 'exists');
      if (!test.started_at) throw refuse('derivedFrom', 'Results and remaining portions are recorded after the test has started.', 'started');
      parent = { id: test.id };
    }
    const custodian = input.custodian || actor.name;
    await tx.insertInto('evidence_items').values({
      id, case_id: input.caseId, description: input.description, category: input.category, quantity: input.quantity, condition: input.condition,
      collected_at: new Date(input.collectedAt), collected_place: input.collectedPlace, collected_by: actor.id, collected_by_name: actor.name,
      location: input.location, custodian, parent_id: parent?.id ?? null, derivation: input.derivedFrom?.derivation ?? null,
      derived_from_test_id: input.derivedFrom?.testId ?? null, created_by: actor.id,
    }).execute();
    await appendEntry(tx, {
      id: input.entryId, itemId: id, kind: 'collected', at: new Date(input.collectedAt), from: input.collectedPlace, to: custodian,
      location: input.location, purpose: input.derivedFrom ? `${DERIVATION_LABEL[input.derivedFrom.derivation]} of a destructive test` : 'Collected',
      signedByName: actor.name, signature, recordedBy: actor.id, recordedByName: actor.name,
    });
  });
  return getItem(db, id);
}

/** Records a movement or a correction (PUT by the entry's id: a replay answers the item unchanged). */
export async function recordEntry(db: DbOrTx, options: { actor: Actor; itemId: string; entryId: string; input: TEntryInput }): Promise<TEvidenceItem> {
  const { actor, itemId, entryId, input } = options;
  const existing = await db.selectFrom('evidence_entries').select('item_id').where('id', '=', entryId).executeTakeFirst();
  if (existing) {
    if (existing.item_id !== itemId) throw new AppError('DUPLICATE_RECORD', 'This entry id belongs to another item.');
    return getItem(db, itemId);
  }
  const signature = await drawnSignature(input.signature);
  await withActor(db, actor.id, async (tx) => {
    const item = await tx.selectFrom('evidence_items').select(['custodian']).where('id', '=', itemId).executeTakeFirst();
    if (!item) throw new AppError('RECORD_NOT_FOUND');
    await appendEntry(tx, {
      id: entryId, itemId, kind: input.kind, at: new Date(input.at), from: input.from || (input.kind === 'correction' ? '' : item.custodian),
      to: input.to, location: input.location, purpose: input.purpose, correctsId: input.correctsId, signedByName: input.signedByName, signature,
      recordedBy: actor.id, recordedByName: actor.name,
    });
  });
  return getItem(db, itemId);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function itemEntries(db: DbOrTx, itemId: string): Promise<TCustodyEntry[]> {
  const rows = await db.selectFrom('evidence_entries')
    .select(['id', 'seq', 'kind', 'at', 'from_party', 'to_party', 'location', 'purpose', 'corrects_id', 'signed_by_name', 'signature_sha256',
      'photo_sha256s', 'recorded_by_name', 'recorded_at', 'prev_hash', 'hash', sql<boolean>`signature is not null`.as('has_signature')])
    .where('item_id', '=', itemId).orderBy('seq').execute();
  return rows.map((r) => ({
    id: r.id, seq: r.seq, kind: r.kind, at: r.at.toISOString(), from: r.from_party, to: r.to_party, location: r.location, purpose: r.purpose,
    correctsId: r.corrects_id, signedByName: r.signed_by_name, hasSignature: r.has_signature, signatureSha256: r.signature_sha256,
    photoSha256s: r.photo_sha256s, recordedByName: r.recorded_by_name, recordedAt: r.recorded_at.toISOString(), prevHash: r.prev_hash, hash: r.hash,
  }));
}

export async function itemTests(db: DbOrTx, itemId: string): Promise<TEvidenceTest[]> {
  const tests = await db.selectFrom('evidence_tests').selectAll().where('item_id', '=', itemId).orderBy('created_at').execute();
  if (!tests.length) return [];
  const notices = await db.selectFrom('evidence_test_notices').selectAll().where('test_id', 'in', tests.map((t) => t.id)).orderBy('party_name').execute();
  return tests.map((t) => ({
    id: t.id, itemId: t.item_id, what: t.what, place: t.place, plannedFor: t.planned_for.toISOString(), performedBy: t.performed_by,
    noticeDays: t.notice_days, startedAt: iso(t.started_at), createdAt: t.created_at.toISOString(),
    notices: notices.filter((n) => n.test_id === t.id).map((n) => ({
      id: n.id, partyId: n.party_id, partyName: n.party_name, partyRole: n.party_role, method: n.method, address: n.address,
      toldAt: iso(n.told_at), waivedAt: iso(n.waived_at), waiverDocumentId: n.waiver_document_id,
    })),
  }));
}

export async function getItem(db: DbOrTx, id: string): Promise<TEvidenceItem> {
  const row = await db.selectFrom('evidence_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const c = await db.selectFrom('cases').select(['file_number', 'case_name']).where('id', '=', row.case_id).executeTakeFirstOrThrow();
  const photos = await db.selectFrom('evidence_photos').select(['id', 'sha256', 'source', 'entry_id', 'width', 'height'])
    .where('item_id', '=', id).orderBy('created_at').execute();
  const derived = await db.selectFrom('evidence_items').selectAll().where('parent_id', '=', id).orderBy('tag_number').execute();
  const parent = row.parent_id
    ? await db.selectFrom('evidence_items').select(['id', 'tag_number', 'description']).where('id', '=', row.parent_id).executeTakeFirst() : undefined;
  return {
    ...toSummary(row), caseFileNumber: c.file_number, caseName: c.case_name,
    authorization: row.authorized_by && row.authorized_at && row.authorization_document_id
      ? { by: row.authorized_by, at: row.authorized_at.toISOString(), documentId: row.authorization_document_id } : null,
    entries: await itemEntries(db, id),
    photos: photos.map((p) => ({ id: p.id, sha256: p.sha256, source: p.source, entryId: p.entry_id, width: p.width, height: p.height })),
    tests: await itemTests(db, id), derived: derived.map(toSummary),
    parent: parent ? { id: parent.id, tag: tagText(parent.tag_number), description: parent.description } : null,
  };
}

/** The item's case, for an access check or a lock (the caller's transaction). */
export async function lockOpenItem(tx: Tx, id: string) {
  const row = await tx.selectFrom('evidence_items').select(['case_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

export async function entrySignature(db: DbOrTx, itemId: string, entryId: string) {
  const row = await db.selectFrom('evidence_entries').select(['signature', 'signature_type']).where('id', '=', entryId).where('item_id', '=', itemId)
    .executeTakeFirst();
  if (!row?.signature) throw new AppError('RECORD_NOT_FOUND');
  return { bytes: row.signature, contentType: row.signature_type ?? 'image/png' };
}
