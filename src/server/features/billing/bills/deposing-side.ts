import { sql } from 'kysely';

// A deposition noticed by another party is billed to that party (issue 40, docs/decisions/137): the
// entries of its (case, expert, day) belong to the deposing side's bill and never to the retaining
// client's. Uncorrelated like approvedTime, so PostgreSQL hashes the depositions' days once.

/** Whether the entry aliased `alias` (with case_id, user_id and entry_date) is a deposing side's. */
export const deposingSideEntry = (alias: string) => sql<boolean>`coalesce((${sql.ref(`${alias}.case_id`)}, ${sql.ref(`${alias}.user_id`)},
  ${sql.ref(`${alias}.entry_date`)}) in (select te.case_id, te.expert_id, te.event_date from testimony_events te where te.bills_deposing_side), false)`;

/** Whether the entry aliased `alias` is the deposing side's of that one deposition. */
export const entryOfDeposition = (alias: string, testimonyId: string) => sql<boolean>`exists (select 1 from testimony_events te
  where te.id = ${testimonyId} and te.bills_deposing_side and te.case_id = ${sql.ref(`${alias}.case_id`)}
  and te.expert_id = ${sql.ref(`${alias}.user_id`)} and te.event_date = ${sql.ref(`${alias}.entry_date`)})`;
