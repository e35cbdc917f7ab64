import { sql } from 'kysely';
import type { TOfflineProject } from '../../../core/api/field-reports.ts';
import { OFFLINE_PROJECTS_LIMIT } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { projectHit, type ProjectRow } from '../time-tracking/index.ts';
import { reportFacts } from './writes.ts';

/** How far back a person's own time and reports make a project theirs, for the order. */
const RECENT_DAYS = 90;

/**
 * The projects a device keeps for the offline project search of a new report (docs/decisions/108):
 * searchable ones (clients at 100 %, as the search box) that are not closed, the person's own recent
 * projects first (their time or reports in the last 90 days), then the most recently changed.
 */
export async function offlineProjects(db: DbOrTx, userId: string): Promise<TOfflineProject[]> {
  const { rows } = await sql<ProjectRow & { property_address: string | null; property_city_state_zip: string | null }>`
    with mine as (
      select distinct project_id from time_entries where user_id = ${userId} and entry_date >= current_date - ${RECENT_DAYS}::int
      union
      select project_id from field_reports where created_by = ${userId} and created_at >= now() - make_interval(days => ${RECENT_DAYS})
    )
    select p.id, p.project_number, p.project_name, c.file_number, c.case_name, cl.name as client_name,
      p.property_address, p.property_city_state_zip
    from projects p
    join cases c on c.id = p.case_id
    join clients cl on cl.id = c.client_id
    left join mine m on m.project_id = p.id
    where cl.completion_percentage = 100 and p.status <> 'closed'
    order by (m.project_id is not null) desc, p.updated_at desc, p.id
    limit ${OFFLINE_PROJECTS_LIMIT}
  `.execute(db);
  return rows.map((row) => ({ ...projectHit(row), facts: reportFacts(row) }));
}
