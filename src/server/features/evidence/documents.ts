import { CUSTODY_KIND_LABEL, tagText, type CustodyKind } from '../../../core/evidence/evidence.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Letterhead } from '../../documents/letterhead.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import type { CustodyReportItem } from '../../documents/custody-report.ts';
import { verdictOf, verifyEntries } from './chain.ts';

// The label sheet and the custody report: the request thread reads the rows, a document worker lays
// them out (docs/decisions/065).

/** Labels carry no letterhead: every millimetre of a label is the label's. */
const NO_LETTERHEAD: Letterhead = { firmName: '', licenceNumber: '', address: '', phone: '', email: '', website: '', logo: null };

export const itemAddress = (base: string, id: string) => `${base.replace(/\/$/, '')}/evidence/${id}`;

export async function labelsPdf(db: DbOrTx, options: { documents: DocumentPool; base: string; caseId?: string; ids?: string[]; format: '5160' | '2x4' }) {
  let query = db.selectFrom('evidence_items as e').innerJoin('cases as c', 'c.id', 'e.case_id')
    .select(['e.id', 'e.tag_number', 'e.description', 'c.file_number']).orderBy('e.tag_number');
  if (options.caseId) query = query.where('e.case_id', '=', options.caseId);
  if (options.ids) query = query.where('e.id', 'in', options.ids.length ? options.ids : ['00000000-0000-0000-0000-000000000000']);
  const rows = await query.execute();
  if (rows.length === 0) throw new AppError('RECORD_NOT_FOUND', 'There are no evidence items to label.');
  const labels = rows.map((r) => ({ tag: tagText(r.tag_number), fileNumber: r.file_number, description: r.description.slice(0, 120), url: itemAddress(options.base, r.id) }));
  return options.documents.pdf('evidenceLabels', { format: options.format, labels }, NO_LETTERHEAD);
}

async function reportItem(db: DbOrTx, id: string, timeZone: string): Promise<CustodyReportItem> {
  const item = await db.selectFrom('evidence_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const entries = await db.selectFrom('evidence_entries').selectAll().where('item_id', '=', id).orderBy('seq').execute();
  const photos = await db.selectFrom('evidence_photos').select(['thumbnail', 'sha256', 'source']).where('item_id', '=', id).orderBy('created_at').execute();
  const seqOf = new Map(entries.map((e) => [e.id, e.seq]));
  const verdict = verdictOf(verifyEntries(entries), entries.map((e) => e.id));
  const when = (d: Date) => firmDateTime(d, timeZone);
  return {
    tag: tagText(item.tag_number), description: item.description,
    facts: [
      ['Category', item.category], ['Quantity', String(item.quantity)], ['Condition', item.condition],
      ['Collected', `${when(item.collected_at)} at ${item.collected_place || '—'} by ${item.collected_by_name}`],
      ['Current location', item.location], ['Custodian', item.custodian],
      ['Status', item.status === 'open' ? 'Open' : `${item.status === 'returned' ? 'Returned' : 'Disposed of'}, authorized by ${item.authorized_by} on ${item.authorized_at ? when(item.authorized_at) : ''}`],
    ],
    verdict: { ok: verdict.ok, text: verdict.text },
    entries: entries.map((e) => ({
      seq: e.seq, kindLabel: CUSTODY_KIND_LABEL[e.kind as CustodyKind] ?? e.kind, at: when(e.at), from: e.from_party, to: e.to_party,
      location: e.location, purpose: e.purpose, corrects: e.corrects_id ? `entry ${seqOf.get(e.corrects_id) ?? '?'}` : null,
      signedByName: e.signed_by_name, recordedBy: e.recorded_by_name, signature: e.signature, hash: e.hash, photoSha256s: e.photo_sha256s,
    })),
    photos: photos.map((p) => ({ image: p.thumbnail, sha256: p.sha256, caption: p.source === 'taken' ? 'Taken on the spot' : 'From a field report' })),
  };
}

export async function custodyPdf(db: DbOrTx, options: {
  documents: DocumentPool; letterhead: Letterhead; timeZone: string; itemId?: string; caseId?: string;
}) {
  const ids = options.itemId ? [options.itemId]
    : (await db.selectFrom('evidence_items').select('id').where('case_id', '=', options.caseId!).orderBy('tag_number').execute()).map((r) => r.id);
  const first = await db.selectFrom('evidence_items as e').innerJoin('cases as c', 'c.id', 'e.case_id')
    .select(['e.tag_number', 'c.file_number', 'c.case_name']).where(options.itemId ? 'e.id' : 'e.case_id', '=', (options.itemId ?? options.caseId)!)
    .executeTakeFirst();
  if (!first) throw new AppError('RECORD_NOT_FOUND', options.caseId ? 'This case has no evidence items.' : undefined);
  const items: CustodyReportItem[] = [];
  for (const id of ids) items.push(await reportItem(db, id, options.timeZone));
  const title = options.itemId ? `Chain of custody: ${tagText(first.tag_number)}` : `Chain of custody: case ${first.file_number}`;
  const subtitle = `Case ${first.file_number}${first.case_name ? `, ${first.case_name}` : ''} · printed ${firmDateTime(new Date(), options.timeZone)}`;
  const pdf = await options.documents.pdf('custodyReport', { title, subtitle, items }, options.letterhead);
  const fileName = options.itemId ? `Custody-${tagText(first.tag_number)}.pdf` : `Custody-${first.file_number.replace(/[^A-Za-z0-9]+/g, '')}.pdf`;
  return { pdf, fileName };
}
