import { sql } from 'kysely';
import { ZAddress, type TAddress } from '../../../core/api/address.ts';
import type {
  TAttorney, TLawFirm,
} from '../../../core/api/attorneys.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { explainDuplicates } from '../../db/unique-violation.ts';

const LAW_FIRM_DUPLICATE = (name: string) => `A law firm named "${name}" already exists.`;
const LIST_LIMIT = 500;

/** Stored jsonb is trusted only as far as it parses: a malformed address shows as none. */
function addressOf(value: unknown): TAddress | null {
  const parsed = ZAddress.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** ILIKE pattern with the user's % and _ taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAttorneys(db: DbOrTx, options: { q?: string; lawFirmId?: string }): Promise<TAttorney[]> {
  let query = db.selectFrom('attorneys')
    .leftJoin('law_firms', 'law_firms.id', 'attorneys.law_firm_id')
    .select([
      'attorneys.id', 'attorneys.law_firm_id', 'attorneys.name', 'attorneys.email', 'attorneys.phone',
      'attorneys.address', 'attorneys.version', 'law_firms.name as law_firm_name',
    ])
    .orderBy(sql`lower(attorneys.name)`).orderBy('attorneys.id')
    .limit(LIST_LIMIT);
  if (options.lawFirmId) query = query.where('attorneys.law_firm_id', '=', options.lawFirmId);
  if (options.q) {
    const pattern = containsPattern(options.q);
    query = query.where((eb) => eb.or([
      eb('attorneys.name', 'ilike', pattern),
      eb('law_firms.name', 'ilike', pattern),
      eb('attorneys.email', 'ilike', pattern),
    ]));
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id, lawFirmId: r.law_firm_id, lawFirmName: r.law_firm_name, name: r.name, email: r.email,
    phone: r.phone, address: addressOf(r.address), version: r.version,
  }));
}

export async function attorneyById(db: DbOrTx, id: string): Promise<TAttorney> {
  const r = await db.selectFrom('attorneys')
    .leftJoin('law_firms', 'law_firms.id', 'attorneys.law_firm_id')
    .select([
      'attorneys.id', 'attorneys.law_firm_id', 'attorneys.name', 'attorneys.email', 'attorneys.phone',
      'attorneys.address', 'attorneys.version', 'law_firms.name as law_firm_name',
    ])
    .where('attorneys.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('RECORD_NOT_FOUND');
  return {
    id: r.id, lawFirmId: r.law_firm_id, lawFirmName: r.law_firm_name, name: r.name, email: r.email,
    phone: r.phone, address: addressOf(r.address), version: r.version,
  };
}

interface AttorneyValues {
  lawFirmId: string | null; name: string; email: string | null; phone: string | null; address: TAddress | null;
}

const attorneyRow = (v: AttorneyValues) => ({
  law_firm_id: v.lawFirmId, name: v.name, email: v.email, phone: v.phone,
  address: v.address ? JSON.stringify(v.address) : null,
});

export async function createAttorney(db: DbOrTx, values: AttorneyValues): Promise<TAttorney> {
  const { id } = await db.insertInto('attorneys').values(attorneyRow(values)).returning('id').executeTakeFirstOrThrow();
  return attorneyById(db, id);
}

export async function updateAttorney(db: DbOrTx, options: { id: string; version: number; values: AttorneyValues }) {
  await updateVersioned(db, 'attorneys', options.id, options.version, attorneyRow(options.values));
  return attorneyById(db, options.id);
}

/** Cases keep the attorney's name, but the link must not silently vanish: refused while referenced (ADR 020). */
export async function deleteAttorney(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.deleteFrom('attorneys').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw new AppError('RECORD_NOT_FOUND');
}

// Law firms ---------------------------------------------------------------------------

export async function listLawFirms(db: DbOrTx, options: { q?: string }): Promise<TLawFirm[]> {
  let query = db.selectFrom('law_firms')
    .select((eb) => [
      'law_firms.id', 'law_firms.name', 'law_firms.email', 'law_firms.phone', 'law_firms.address', 'law_firms.version',
      eb.selectFrom('attorneys').select(sql<string>`count(*)`.as('n'))
        .whereRef('attorneys.law_firm_id', '=', 'law_firms.id').as('attorney_count'),
    ])
    .orderBy(sql`lower(law_firms.name)`).orderBy('law_firms.id')
    .limit(LIST_LIMIT);
  if (options.q) query = query.where('law_firms.name', 'ilike', containsPattern(options.q));
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, email: r.email, phone: r.phone, address: addressOf(r.address),
    attorneyCount: Number(r.attorney_count ?? 0), version: r.version,
  }));
}

async function lawFirmById(db: DbOrTx, id: string): Promise<TLawFirm> {
  const found = (await listLawFirms(db, {})).find((f) => f.id === id);
  if (!found) throw new AppError('RECORD_NOT_FOUND');
  return found;
}

interface LawFirmValues { name: string; email: string | null; phone: string | null; address: TAddress | null }

const lawFirmRow = (v: LawFirmValues) => ({
  name: v.name, email: v.email, phone: v.phone, address: v.address ? JSON.stringify(v.address) : null,
});

const duplicateFirmName = <T>(name: string, write: () => Promise<T>): Promise<T> =>
  explainDuplicates(write, () => ({ message: LAW_FIRM_DUPLICATE(name) }));

export async function createLawFirm(db: DbOrTx, values: LawFirmValues): Promise<TLawFirm> {
  const { id } = await duplicateFirmName(values.name, () =>
    db.insertInto('law_firms').values(lawFirmRow(values)).returning('id').executeTakeFirstOrThrow());
  return lawFirmById(db, id);
}

export async function updateLawFirm(db: DbOrTx, options: { id: string; version: number; values: LawFirmValues }) {
  await duplicateFirmName(options.values.name, () =>
    updateVersioned(db, 'law_firms', options.id, options.version, lawFirmRow(options.values)));
  return lawFirmById(db, options.id);
}

/** A firm with attorneys is refused by the database (23503); the handler gives the spec's text. */
export async function deleteLawFirm(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.deleteFrom('law_firms').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw new AppError('RECORD_NOT_FOUND');
}
