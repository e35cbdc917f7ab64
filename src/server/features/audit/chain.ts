import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { canonicalJson, linkHash, verdictText, verifyLinks, type StoredLink } from '../../../core/audit/hash-chain.ts';
import type { TAuditChainVerdict } from '../../../core/api/audit.ts';
import type { Db } from '../../db/connection.ts';

// The audit log's chain (issue 42, docs/decisions/141), through the same module as custody entries
// (core/audit/hash-chain.ts). The rows are written by triggers in many transactions at once, so they are
// not hashed as they are written: sealing takes the chain's head row FOR UPDATE (one sealer at a
// time, whatever the instance), and links the rows not yet sealed, in id order, after it. A row whose
// transaction commits late gets a later place in the chain (chain_seq), never a fork.

const sha256Text = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const PAGE = 5000;

interface AuditRowText {
  id: string;
  at_us: string;
  actor_id: string | null;
  table_name: string;
  row_id: string;
  action: string;
  before_text: string | null;
  after_text: string | null;
}

/** The row's columns as PostgreSQL writes them (jsonb's text is already canonical; the moment in microseconds). */
const columns = sql`id::text as id, (extract(epoch from at) * 1000000)::bigint::text as at_us, actor_id::text as actor_id, table_name, row_id,
  action, before::text as before_text, after::text as after_text`;

const contentOf = (r: AuditRowText) => canonicalJson({
  v: 1, id: r.id, at: r.at_us, actor: r.actor_id, table: r.table_name, row: r.row_id, action: r.action, before: r.before_text, after: r.after_text,
});

/** Links every unsealed audit row into the chain; answers how many were sealed. */
export async function sealAuditLog(db: Db): Promise<number> {
  let sealed = 0;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      const head = (await sql<{ seq: string; hash: string | null }>`select seq::text as seq, hash from audit_chain_head where id = 1 for update`.execute(tx)).rows[0]!;
      const rows = (await sql<AuditRowText>`select ${columns} from audit_log where audit_log.chain_seq is null order by audit_log.id limit ${PAGE}`.execute(tx)).rows;
      if (rows.length === 0) return 0;
      let prev = head.hash;
      let seq = BigInt(head.seq);
      const links = rows.map((r) => {
        seq += 1n;
        const hash = linkHash(sha256Text, contentOf(r), prev);
        const link = { id: r.id, seq: seq.toString(), prev, hash };
        prev = hash;
        return link;
      });
      await sql`update audit_log a set chain_seq = v.seq::bigint, prev_hash = v.prev, hash = v.hash
        from (values ${sql.join(links.map((l) => sql`(${l.id}::bigint, ${l.seq}, ${l.prev}, ${l.hash})`))}) as v(id, seq, prev, hash)
        where a.id = v.id`.execute(tx);
      await sql`update audit_chain_head set seq = ${seq.toString()}::bigint, hash = ${prev} where id = 1`.execute(tx);
      return rows.length;
    });
    sealed += done;
    if (done < PAGE) return sealed;
  }
}

/** Seals what is new, then recomputes the whole chain in pages; names the first row that does not match. */
export async function verifyAuditLog(db: Db): Promise<TAuditChainVerdict> {
  const sealed = await sealAuditLog(db);
  let prev: string | null = null;
  let after = '0';
  let index = 0;
  for (;;) {
    const rows = (await sql<AuditRowText & { chain_seq: string; prev_hash: string | null; hash: string }>`
      select ${columns}, chain_seq::text as chain_seq, prev_hash, hash from audit_log
      where audit_log.chain_seq > ${after}::bigint order by audit_log.chain_seq limit ${PAGE}`.execute(db)).rows;
    const links: StoredLink[] = rows.map((r) => ({ label: `audit row ${r.id}`, content: contentOf(r), prevHash: r.prev_hash, hash: r.hash }));
    const verdict = verifyLinks(links, sha256Text, prev, index);
    if (!verdict.ok) {
      return { ok: false, checked: index + verdict.checked, sealed, text: verdictText(verdict, 'audit rows'),
        firstBad: { ...verdict.firstBad, rowId: rows[verdict.firstBad.index - index]!.id } };
    }
    index += verdict.checked;
    prev = verdict.lastHash;
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.chain_seq;
  }
  const head = (await sql<{ hash: string | null }>`select hash from audit_chain_head where id = 1`.execute(db)).rows[0]!;
  if (head.hash !== prev) {
    return { ok: false, checked: index, sealed, text: 'Chain broken at its end: the last sealed audit rows are missing.', firstBad: { index, label: 'the end', reason: 'link', rowId: null } };
  }
  return { ok: true, checked: index, sealed, text: verdictText({ ok: true, checked: index, lastHash: prev }, 'audit rows'), firstBad: null };
}
