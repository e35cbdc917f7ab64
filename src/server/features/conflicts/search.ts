import { sql, type RawBuilder } from 'kysely';
import type { TConflictHit, TConflictQuery } from '../../../core/api/conflicts.ts';
import { addressKey, claimKey, nameKey } from '../../../core/cases/conflict-keys.ts';
import { isAdverseLoss, isAdverseParty, type TPartyRole, type TRetainedSide } from '../../../core/cases/conflict-sides.ts';
import type { DbOrTx } from '../../db/connection.ts';

// The search of a conflict check (docs/decisions/120): every other case's clients, parties,
// attorneys, law firms and insurers by trigram similarity of their name keys, claim and policy
// numbers by equal keys, loss addresses (projects' property addresses) by equal keys.

/** How alike two name keys must be (pg_trgm similarity): 'Libety Mutal Ins' still finds 'Liberty Mutual Insurance Company'. */
export const NAME_SIMILARITY = 0.45;
const PER_QUERY = 100;
const MAX_HITS = 200;

type RawHit = { i: number; case_id: string; party: string; role: TPartyRole; sim: number; field: TConflictHit['matchedField'] };
interface Wanted { text: string; key: string; role: TPartyRole }

const values = (rows: Wanted[] | string[]): RawBuilder<unknown> => sql.join(rows.map((r, i) => sql`(${i}::int, ${typeof r === 'string' ? r : r.key}::text)`));

/**
 * The names alike to each wanted one among the distinct keys (conflict_names, migration 041), then
 * their rows by equal keys (at most PER_QUERY per key and source; a party's by case, through its index):
 * the most alike first, at most PER_QUERY rows per wanted name.
 */
async function nameHits(db: DbOrTx, wanted: Wanted[], except: string | null): Promise<RawHit[]> {
  if (wanted.length === 0) return [];
  const other = except ? sql`AND c.id <> ${except}` : sql``;
  const exceptParty = except ? sql`AND p.case_id <> ${except}` : sql``;
  const { rows } = await sql<RawHit>`
    WITH m AS (
      SELECT q.i, n.key, similarity(n.key, q.key) AS sim FROM (VALUES ${values(wanted)}) AS q(i, key) JOIN conflict_names n ON n.key % q.key
    ), found AS (
      SELECT m.i, p.* , m.sim FROM m CROSS JOIN LATERAL (
        SELECT p.case_id, p.name AS party, p.role FROM case_parties p WHERE p.name_key = m.key ${exceptParty}
        ORDER BY p.case_id LIMIT ${PER_QUERY}) p
      UNION ALL
      SELECT m.i, c.*, m.sim FROM m CROSS JOIN LATERAL (
        SELECT c.id, cl.name, 'client' FROM clients cl JOIN cases c ON c.client_id = cl.id WHERE cl.name_key = m.key ${other} LIMIT ${PER_QUERY}) c
      UNION ALL
      SELECT m.i, c.*, m.sim FROM m CROSS JOIN LATERAL (
        SELECT c.id, c.attorney_name, 'retaining_attorney' FROM cases c WHERE c.attorney_name IS NOT NULL AND c.attorney_name_key = m.key ${other} LIMIT ${PER_QUERY}) c
      UNION ALL
      SELECT m.i, c.*, m.sim FROM m CROSS JOIN LATERAL (
        SELECT c.id, f.name, 'retaining_law_firm' FROM law_firms f JOIN attorneys a ON a.law_firm_id = f.id JOIN cases c ON c.attorney_id = a.id
        WHERE f.name_key = m.key ${other} LIMIT ${PER_QUERY}) c
    )
    SELECT i, case_id, party, role, sim, 'name' AS field FROM (
      SELECT found.*, row_number() OVER (PARTITION BY i ORDER BY sim DESC, case_id) AS n FROM found
    ) ranked WHERE n <= ${PER_QUERY}`.execute(db);
  return rows;
}

async function claimHits(db: DbOrTx, keys: string[], except: string | null): Promise<RawHit[]> {
  if (keys.length === 0) return [];
  const other = except ? sql`AND c.id <> ${except}` : sql``;
  const q = sql`(VALUES ${values(keys)}) AS q(i, key)`;
  const { rows } = await sql<RawHit>`
    SELECT q.i, c.id AS case_id, cl.name AS party, 'client' AS role, 1 AS sim, 'claim_number' AS field
      FROM ${q} JOIN cases c ON c.claim_number IS NOT NULL AND public.casebook_claim_key(c.claim_number) = q.key
      JOIN clients cl ON cl.id = c.client_id WHERE true ${other}
    UNION ALL
    SELECT q.i, c.id, cl.name, 'client', 1, 'claim_number'
      FROM ${q} JOIN cases c ON c.policy_number IS NOT NULL AND public.casebook_claim_key(c.policy_number) = q.key
      JOIN clients cl ON cl.id = c.client_id WHERE true ${other}
    UNION ALL
    SELECT q.i, p.case_id, p.name, p.role, 1, 'claim_number'
      FROM ${q} JOIN case_parties p ON p.claim_number IS NOT NULL AND public.casebook_claim_key(p.claim_number) = q.key
      JOIN cases c ON c.id = p.case_id WHERE true ${other}
    LIMIT ${PER_QUERY * keys.length}`.execute(db);
  return rows;
}

async function addressHits(db: DbOrTx, keys: string[], except: string | null): Promise<RawHit[]> {
  if (keys.length === 0) return [];
  const other = except ? sql`AND c.id <> ${except}` : sql``;
  const { rows } = await sql<RawHit>`
    SELECT DISTINCT ON (q.i, c.id) q.i, c.id AS case_id, cl.name AS party, 'client' AS role, 1 AS sim, 'loss_address' AS field
      FROM (VALUES ${values(keys)}) AS q(i, key)
      JOIN projects pr ON pr.property_address IS NOT NULL AND public.casebook_address_key(pr.property_address) = q.key
      JOIN cases c ON c.id = pr.case_id JOIN clients cl ON cl.id = c.client_id WHERE true ${other}
    LIMIT ${PER_QUERY * keys.length}`.execute(db);
  return rows;
}

interface CaseFacts {
  id: string; file_number: string; case_name: string; created_at: Date | string; date_of_loss: string | null;
  retained_side: TRetainedSide | null; client_name: string; status: string;
}

async function caseFacts(db: DbOrTx, ids: string[]): Promise<Map<string, CaseFacts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<CaseFacts>`
    SELECT c.id, c.file_number, c.case_name, c.created_at, c.date_of_loss::text AS date_of_loss, c.retained_side, cl.name AS client_name,
      CASE WHEN bool_or(pr.status = 'active') OR count(pr.id) = 0 THEN 'Active' WHEN bool_or(pr.status = 'on_hold') THEN 'On hold' ELSE 'Closed' END AS status
    FROM cases c JOIN clients cl ON cl.id = c.client_id LEFT JOIN projects pr ON pr.case_id = c.id
    WHERE c.id IN (${sql.join(ids)}) GROUP BY c.id, cl.name`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Every hit of a query in the other cases (all of them at intake), Adverse first, then the most alike. */
export async function findHits(db: DbOrTx, query: TConflictQuery, exceptCaseId: string | null): Promise<TConflictHit[]> {
  const names: Wanted[] = [
    ...(query.clientName ? [{ text: query.clientName, key: nameKey(query.clientName), role: 'client' as const }] : []),
    ...query.parties.map((p) => ({ text: p.name, key: nameKey(p.name), role: p.role })),
  ].filter((w) => w.key !== '');
  const claims = [...new Set(query.claimNumbers.map(claimKey).filter(Boolean))];
  const addresses = [...new Set(query.lossAddresses.map(addressKey).filter(Boolean))];
  const claimText = (key: string) => query.claimNumbers.find((c) => claimKey(c) === key) ?? key;
  const addressText = (key: string) => query.lossAddresses.find((a) => addressKey(a) === key) ?? key;

  const [byName, byClaim, byAddress] = await Promise.all([
    nameHits(db, names, exceptCaseId), claimHits(db, claims, exceptCaseId), addressHits(db, addresses, exceptCaseId),
  ]);
  const raw = [...byName, ...byClaim, ...byAddress];
  const facts = await caseFacts(db, [...new Set(raw.map((r) => r.case_id))]);
  const hits = new Map<string, TConflictHit>();
  for (const r of raw) {
    const c = facts.get(r.case_id);
    if (!c) continue;
    const isName = r.field === 'name';
    const wanted = isName ? names[r.i]! : null;
    const matchedText = wanted ? wanted.text : r.field === 'claim_number' ? claimText(claims[r.i]!) : addressText(addresses[r.i]!);
    const adverse = wanted ? isAdverseParty({ role: r.role, retainedSide: c.retained_side }, { role: wanted.role, retainedSide: query.retainedSide })
      : isAdverseLoss(c.retained_side, query.retainedSide);
    const key = `${r.case_id}|${r.field}|${r.role}|${isName ? nameKey(r.party) : r.field === 'claim_number' ? claimKey(matchedText) : addressKey(matchedText)}`;
    const hit: TConflictHit = {
      key, caseId: c.id, fileNumber: c.file_number, caseName: c.case_name, caseStatus: c.status, openedOn: iso(c.created_at),
      dateOfLoss: c.date_of_loss, clientName: c.client_name, partyName: r.party, role: r.role, side: c.retained_side,
      matchedField: r.field, matchedText, similarity: Math.round(Number(r.sim) * 100) / 100, adverse,
    };
    const seen = hits.get(key);
    if (!seen) hits.set(key, hit);
    else hits.set(key, { ...(hit.similarity > seen.similarity ? hit : seen), adverse: seen.adverse || adverse });
  }
  return [...hits.values()]
    .sort((a, b) => Number(b.adverse) - Number(a.adverse) || b.similarity - a.similarity || a.fileNumber.localeCompare(b.fileNumber))
    .slice(0, MAX_HITS);
}

/** Runs the search with the similarity threshold of a check (the % operator reads it). */
export async function searchWithThreshold(db: DbOrTx, query: TConflictQuery, exceptCaseId: string | null): Promise<TConflictHit[]> {
  const run = async (tx: DbOrTx) => {
    // No parallel workers: the index reads are small, and starting workers costs more than they save.
    await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(NAME_SIMILARITY)}, true),
      set_config('max_parallel_workers_per_gather', '0', true)`.execute(tx);
    return findHits(tx, query, exceptCaseId);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
