import type { TCaseConflicts, TConflictCheck, TConflictHit, TConflictQuery } from '../../../core/api/conflicts.ts';
import { conflictStatus, type TConflictDecision, type TConflictStatus } from '../../../core/cases/conflict-status.ts';
import { displayName } from '../../../core/people.ts';
import type { TPartyRole } from '../../../core/cases/conflict-sides.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { searchWithThreshold } from './search.ts';

// Conflict checks on record (docs/decisions/120): each run is a new row with what it looked for and
// found; a hit no earlier check of the case showed is new, and only new hits are shown.

type StoredHit = TConflictHit & { isNew: boolean };

/** What a case's own check looks for: its client, parties, attorney and firm, numbers and loss addresses. */
export async function caseQuery(db: DbOrTx, caseId: string): Promise<TConflictQuery> {
  const kase = await db.selectFrom('cases').innerJoin('clients', 'clients.id', 'cases.client_id')
    .leftJoin('attorneys', 'attorneys.id', 'cases.attorney_id').leftJoin('law_firms', 'law_firms.id', 'attorneys.law_firm_id')
    .select(['clients.name as client', 'cases.retained_side', 'cases.claim_number', 'cases.policy_number', 'cases.attorney_name',
      'law_firms.name as firm'])
    .where('cases.id', '=', caseId).executeTakeFirst();
  if (!kase) throw new AppError('RECORD_NOT_FOUND');
  const [parties, projects] = await Promise.all([
    db.selectFrom('case_parties').select(['name', 'role', 'claim_number']).where('case_id', '=', caseId).orderBy('created_at').execute(),
    db.selectFrom('projects').select('property_address').where('case_id', '=', caseId).execute(),
  ]);
  const named = (name: string | null, role: TPartyRole) => (name ? [{ name, role }] : []);
  return {
    clientName: kase.client,
    retainedSide: kase.retained_side,
    parties: [...named(kase.attorney_name, 'retaining_attorney'), ...named(kase.firm, 'retaining_law_firm'),
      ...parties.map((p) => ({ name: p.name, role: p.role }))].slice(0, 50),
    claimNumbers: [kase.claim_number, kase.policy_number, ...parties.map((p) => p.claim_number)].filter((c): c is string => Boolean(c)).slice(0, 20),
    lossAddresses: projects.map((p) => p.property_address).filter((a): a is string => Boolean(a)).slice(0, 10),
  };
}

async function seenKeys(db: DbOrTx, caseId: string | null): Promise<Set<string>> {
  if (!caseId) return new Set();
  const rows = await db.selectFrom('conflict_checks').select('hits').where('case_id', '=', caseId).execute();
  return new Set(rows.flatMap((r) => (r.hits as StoredHit[]).map((h) => h.key)));
}

/** Runs a check and keeps it: at intake (no case yet) for the query typed, or for a case from what it holds. */
export async function runCheck(db: DbOrTx, options: { actorId: string; caseId: string | null; query?: TConflictQuery }): Promise<TConflictCheck> {
  const id = await withActor(db, options.actorId, async (tx) => {
    const query = options.query ?? await caseQuery(tx, options.caseId!);
    const [found, seen] = await Promise.all([searchWithThreshold(tx, query, options.caseId), seenKeys(tx, options.caseId)]);
    const hits: StoredHit[] = found.map((h) => ({ ...h, isNew: !seen.has(h.key) }));
    const row = await tx.insertInto('conflict_checks').values({
      case_id: options.caseId, query: JSON.stringify(query), hits: JSON.stringify(hits), ran_by: options.actorId,
      new_hit_count: hits.filter((h) => h.isNew).length, subject: query.clientName ?? query.parties[0]?.name ?? '',
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  const [check] = await loadChecks(db, { id });
  return check!;
}

async function loadChecks(db: DbOrTx, where: { id: string } | { caseId: string }): Promise<TConflictCheck[]> {
  let q = db.selectFrom('conflict_checks as k')
    .leftJoin('users as r', 'r.id', 'k.ran_by')
    .leftJoin('conflict_decisions as d', 'd.check_id', 'k.id')
    .leftJoin('users as u', 'u.id', 'd.decided_by')
    .leftJoin('conflict_waivers as w', 'w.id', 'd.waiver_id')
    .select(['k.id', 'k.case_id', 'k.query', 'k.hits', 'k.ran_at', 'r.email as ran_email', 'r.first_name as ran_first', 'r.last_name as ran_last',
      'd.decision', 'd.reason', 'd.decided_at', 'u.email as d_email', 'u.first_name as d_first', 'u.last_name as d_last',
      'w.id as waiver_id', 'w.file_name', 'w.sha256']);
  q = 'id' in where ? q.where('k.id', '=', where.id) : q.where('k.case_id', '=', where.caseId);
  const rows = await q.orderBy('k.ran_at', 'desc').orderBy('k.id').limit(50).execute();
  const who = (email: string | null, first: string | null, last: string | null) =>
    (email ? displayName({ email, first_name: first, last_name: last }) : 'A deleted user');
  return rows.map((r) => {
    const hits = r.hits as StoredHit[];
    return {
      id: r.id,
      caseId: r.case_id,
      ranAt: new Date(r.ran_at).toISOString(),
      ranBy: who(r.ran_email, r.ran_first, r.ran_last),
      query: r.query as TConflictQuery,
      hits: hits.filter((h) => h.isNew).map(({ isNew: _isNew, ...h }) => h),
      seenBefore: hits.filter((h) => !h.isNew).length,
      decision: r.decision ? {
        decision: r.decision,
        reason: r.reason!,
        decidedAt: new Date(r.decided_at!).toISOString(),
        decidedBy: who(r.d_email, r.d_first, r.d_last),
        waiver: r.waiver_id ? { id: r.waiver_id, fileName: r.file_name!, sha256: r.sha256! } : null,
      } : null,
    };
  });
}

export async function getCheck(db: DbOrTx, id: string): Promise<TConflictCheck> {
  const [check] = await loadChecks(db, { id });
  if (!check) throw new AppError('RECORD_NOT_FOUND');
  return check;
}

/** The status the case page and the bill issue read: from its checks, newest first (core/conflict-status). */
export async function caseConflictStatus(db: DbOrTx, caseId: string): Promise<TConflictStatus> {
  const [kase, checks] = await Promise.all([
    db.selectFrom('cases').select('conflict_check_required').where('id', '=', caseId).executeTakeFirst(),
    db.selectFrom('conflict_checks as k').leftJoin('conflict_decisions as d', 'd.check_id', 'k.id')
      .select(['k.new_hit_count', 'd.decision']).where('k.case_id', '=', caseId).orderBy('k.ran_at', 'desc').orderBy('k.id').execute(),
  ]);
  if (!kase) throw new AppError('RECORD_NOT_FOUND');
  return conflictStatus(checks.map((c) => ({ newHitCount: c.new_hit_count, decision: (c.decision ?? null) as TConflictDecision | null })),
    kase.conflict_check_required);
}

export async function caseConflicts(db: DbOrTx, caseId: string): Promise<TCaseConflicts> {
  const [status, checks] = await Promise.all([caseConflictStatus(db, caseId), loadChecks(db, { caseId })]);
  return { status, checks };
}

/** The intake check becomes the new case's (once: a check of another case is refused). */
export async function attachIntakeCheck(tx: DbOrTx, checkId: string, caseId: string) {
  const done = await tx.updateTable('conflict_checks').set({ case_id: caseId }).where('id', '=', checkId).where('case_id', 'is', null)
    .executeTakeFirst();
  if (done.numUpdatedRows === 0n) throw new AppError('VALIDATION_ERROR', 'This conflict check belongs to another case: run a new check.');
  await tx.updateTable('conflict_decisions').set({ case_id: caseId }).where('check_id', '=', checkId).execute();
}
