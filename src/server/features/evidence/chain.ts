import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { afterEntry, custodyContentText, EVIDENCE_MESSAGES } from '../../../core/evidence/evidence.ts';
import { linkHash, verdictText, verifyLinks, type ChainVerdict } from '../../../core/audit/hash-chain.ts';
import type { TChainVerdict } from '../../../core/api/evidence.ts';
import type { DbOrTx, Tx } from '../../db/connection.ts';
import type { EvidenceEntriesTable } from '../../db/evidence-types.ts';
import { AppError } from '../../errors/app-error.ts';

// The custody chain's server side (docs/decisions/140): SHA-256 from node:crypto over the canonical
// content core defines. An entry is appended under a row lock on its item, so two writers of one
// item queue and each links to the one before it.

export const sha256Text = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const sha256Bytes = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type EntryRow = Pick<Selectable<EvidenceEntriesTable>, 'id' | 'item_id' | 'seq' | 'kind' | 'at' | 'from_party' | 'to_party' | 'location'
  | 'purpose' | 'corrects_id' | 'signed_by_name' | 'signature_sha256' | 'photo_sha256s' | 'recorded_by'>;

export const entryContent = (row: EntryRow) => custodyContentText({
  id: row.id, itemId: row.item_id, seq: row.seq, kind: row.kind, at: new Date(row.at).toISOString(), from: row.from_party, to: row.to_party,
  location: row.location, purpose: row.purpose, correctsId: row.corrects_id, signedByName: row.signed_by_name,
  signatureSha256: row.signature_sha256, photoSha256s: row.photo_sha256s, recordedBy: row.recorded_by,
});

export interface NewEntry {
  id: string;
  itemId: string;
  kind: string;
  at: Date;
  from?: string;
  to?: string;
  location?: string;
  purpose?: string;
  correctsId?: string | null;
  signedByName?: string;
  signature?: { image: Buffer; type: string } | null;
  photoSha256s?: string[];
  recordedBy: string;
  recordedByName: string;
}

/**
 * Appends one entry to an item's chain in the caller's transaction: locks the item, refuses a closed
 * one (unless this entry closes it), links to the last entry's hash and moves the item's location
 * and custodian. `closing` lets the return or disposal entry through before the item is closed.
 */
export async function appendEntry(tx: Tx, entry: NewEntry, options: { closing?: boolean } = {}) {
  const item = await tx.selectFrom('evidence_items').select(['status', 'location', 'custodian']).where('id', '=', entry.itemId)
    .forUpdate().executeTakeFirst();
  if (!item) throw new AppError('RECORD_NOT_FOUND');
  if (item.status !== 'open') throw new AppError('CONSTRAINT_VIOLATION', EVIDENCE_MESSAGES.closed);
  if (entry.correctsId) {
    const corrected = await tx.selectFrom('evidence_entries').select('item_id').where('id', '=', entry.correctsId).executeTakeFirst();
    if (!corrected || corrected.item_id !== entry.itemId) throw new AppError('VALIDATION_ERROR', EVIDENCE_MESSAGES.correctsOther);
  }
  const last = await tx.selectFrom('evidence_entries').select(['seq', 'hash']).where('item_id', '=', entry.itemId)
    .orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const row = {
    id: entry.id, item_id: entry.itemId, seq: (last?.seq ?? 0) + 1, kind: entry.kind, at: new Date(entry.at.getTime()),
    from_party: entry.from ?? '', to_party: entry.to ?? '', location: entry.location ?? '', purpose: entry.purpose ?? '',
    corrects_id: entry.correctsId ?? null, signed_by_name: entry.signedByName ?? '',
    signature_sha256: entry.signature ? sha256Bytes(entry.signature.image) : null, photo_sha256s: entry.photoSha256s ?? [],
    recorded_by: entry.recordedBy,
  };
  const prevHash = last?.hash ?? null;
  const hash = linkHash(sha256Text, entryContent(row), prevHash);
  await tx.insertInto('evidence_entries').values({
    ...row, signature: entry.signature?.image ?? null, signature_type: entry.signature?.type ?? null,
    recorded_by_name: entry.recordedByName, prev_hash: prevHash, hash,
  }).execute();
  const next = afterEntry(item, { kind: entry.kind, to: row.to_party, location: row.location });
  if (!options.closing && (next.location !== item.location || next.custodian !== item.custodian)) {
    await tx.updateTable('evidence_items').set(next).where('id', '=', entry.itemId).execute();
  }
  return { seq: row.seq, hash };
}

/** Recomputes an item's chain from its stored rows; names the first entry that does not match. */
export async function verifyItemChain(db: DbOrTx, itemId: string): Promise<TChainVerdict> {
  const rows = await db.selectFrom('evidence_entries')
    .select(['id', 'item_id', 'seq', 'kind', 'at', 'from_party', 'to_party', 'location', 'purpose', 'corrects_id', 'signed_by_name',
      'signature_sha256', 'photo_sha256s', 'recorded_by', 'prev_hash', 'hash',
      // The signature's bytes hashed where they are (not 10,000 images carried to this process).
      sql<string | null>`encode(sha256(signature), 'hex')`.as('signature_actual')])
    .where('item_id', '=', itemId).orderBy('seq').execute();
  return verdictOf(verifyEntries(rows), rows.map((r) => r.id));
}

/** A stored entry with its signature's actual SHA-256 (of the bytes stored now), or the bytes themselves. */
type VerifiableRow = EntryRow & { prev_hash: string | null; hash: string } & ({ signature_actual: string | null } | { signature: Buffer | null });

const actualSignatureHash = (r: VerifiableRow) => ('signature_actual' in r ? r.signature_actual : r.signature ? sha256Bytes(r.signature) : null);

export function verifyEntries(rows: readonly VerifiableRow[]): ChainVerdict {
  // A signature whose bytes no longer match the hash the entry recorded is a changed entry too.
  return verifyLinks(rows.map((r) => ({
    label: `entry ${r.seq}`,
    content: entryContent({ ...r, signature_sha256: actualSignatureHash(r) }),
    prevHash: r.prev_hash, hash: r.hash,
  })), sha256Text);
}

export function verdictOf(verdict: ChainVerdict, ids: readonly string[]): TChainVerdict {
  return {
    ok: verdict.ok, checked: verdict.checked, text: verdictText(verdict),
    firstBad: verdict.ok ? null : { ...verdict.firstBad, entryId: ids[verdict.firstBad.index] ?? null },
  };
}
