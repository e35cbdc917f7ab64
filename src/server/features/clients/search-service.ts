import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { TCaseListItem, TClientListItem } from '../../../core/api/clients.ts';
import { CASE_SEARCH_LIMIT, CASE_SEARCH_MIN, COMPLETE, likePattern, mergeCaseHits } from '../../../core/cases/cases.ts';
import type { DbOrTx } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import { loadCases, withoutProjects } from './case-reads.ts';
import { caseRefsOf } from './clients-service.ts';
import { toClient } from './mappers.ts';

type Eb = ExpressionBuilder<Database, 'cases' | 'clients'>;

/**
 * "Either column contains q", case-insensitively. From 3 characters each ILIKE is answered by
 * its gin_trgm_ops index; a 2-character q holds no trigram, so it is looked up in the index of
 * 2-character pieces (search_bigrams, 002_short_search.sql), which matches exactly the same rows.
 */
function eitherContains(eb: Eb, a: 'cases.file_number' | 'clients.name', b: 'cases.case_name' | 'clients.contact_name', q: string): Expression<SqlBool> {
  const text = q.trim();
  if (text.length >= 3) return eb.or([eb(a, 'ilike', likePattern(text)), eb(b, 'ilike', likePattern(text))]);
  return sql<SqlBool>`search_bigrams(${sql.ref(a)}, ${sql.ref(b)}) @> array[lower(${text})]`;
}

/**
 * SPEC §7 case search: two reads limited to complete clients, newest first, up to 20 each —
 * file number or case name; client name or contact name — merged and de-duplicated by id.
 * Each ILIKE '%q%' is served by a gin_trgm_ops index (001_init.sql).
 */
export async function searchCases(db: DbOrTx, q: string): Promise<TCaseListItem[]> {
  if (q.trim().length < CASE_SEARCH_MIN) return [];
  const base = () => db.selectFrom('cases')
    .innerJoin('clients', 'clients.id', 'cases.client_id')
    .select(['cases.id', 'cases.created_at'])
    .where('clients.completion_percentage', '=', COMPLETE)
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id')
    .limit(CASE_SEARCH_LIMIT);
  const [byCase, byClient] = await Promise.all([
    base().where((eb) => eitherContains(eb, 'cases.file_number', 'cases.case_name', q)).execute(),
    base().where((eb) => eitherContains(eb, 'clients.name', 'clients.contact_name', q)).execute(),
  ]);
  const hits = mergeCaseHits(
    byCase.map((r) => ({ id: r.id, createdAt: new Date(r.created_at).toISOString() })),
    byClient.map((r) => ({ id: r.id, createdAt: new Date(r.created_at).toISOString() })),
  );
  return (await loadCases(db, hits.map((h) => h.id))).map(withoutProjects);
}

/** Complete clients whose name or contact name contains q, by name, up to 20, with their cases. */
export async function searchClients(db: DbOrTx, q: string): Promise<TClientListItem[]> {
  if (q.trim().length < CASE_SEARCH_MIN) return [];
  const rows = await db.selectFrom('clients').selectAll()
    .where('completion_percentage', '=', COMPLETE)
    .where((eb) => eitherContains(eb as unknown as Eb, 'clients.name', 'clients.contact_name', q))
    .orderBy(sql`lower(name)`).orderBy('id')
    .limit(CASE_SEARCH_LIMIT)
    .execute();
  const refs = await caseRefsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...toClient(r), cases: refs.get(r.id) ?? [] }));
}
