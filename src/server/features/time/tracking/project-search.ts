import { sql } from 'kysely';
import type { TProjectHit } from '../../../../core/api/projects.ts';
import type { TTrackedProject } from '../../../../core/api/time-tracking.ts';
import { PROJECT_PICKER_LIMIT } from '../../../../core/constants.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

const UNNAMED = 'Unnamed Project';

export interface ProjectRow {
  id: string;
  project_number: string;
  project_name: string;
  file_number: string;
  case_name: string;
  client_name: string;
}

/** What the box shows once a project is picked: its number (or the file number) plus the name. */
export function projectLabel(row: Pick<ProjectRow, 'project_number' | 'file_number' | 'project_name'>): string {
  const number = row.project_number.trim() || row.file_number.trim();
  return `${number} - ${row.project_name.trim() || UNNAMED}`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Project search box (SPEC §2): file number, project number, project name or client name.
 * Each branch of the union can use its own trigram index, so the search stays fast on a large
 * firm; only clients at 100 % completion are searchable (SPEC §3 clients).
 * Exact numbers rank first, then project names starting with the text (the ghost suggestion
 * depends on those being present), then other prefixes, then the rest.
 */
export async function searchProjects(db: DbOrTx, options: { q: string }): Promise<TProjectHit[]> {
  const q = options.q.trim();
  const contains = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(q)}%`;
  const { rows } = await sql<ProjectRow>`
    with matched as (
      select p.id from projects p where p.project_number ilike ${contains} or p.project_name ilike ${contains}
      union
      select p.id from cases c join projects p on p.case_id = c.id where c.file_number ilike ${contains}
      union
      select p.id from clients cl join cases c on c.client_id = cl.id join projects p on p.case_id = c.id
        where cl.name ilike ${contains}
    )
    select p.id, p.project_number, p.project_name, c.file_number, c.case_name, cl.name as client_name
    from matched m
    join projects p on p.id = m.id
    join cases c on c.id = p.case_id
    join clients cl on cl.id = c.client_id
    where cl.completion_percentage = 100
    order by
      case
        when lower(p.project_number) = lower(${q}) or lower(c.file_number) = lower(${q}) then 0
        when p.project_name ilike ${prefix} then 1
        when p.project_number ilike ${prefix} or c.file_number ilike ${prefix} or cl.name ilike ${prefix} then 2
        else 3
      end,
      p.project_number
    limit ${PROJECT_PICKER_LIMIT}
  `.execute(db);
  return rows.map(projectHit);
}

/** A project as the search box lists it. */
export const projectHit = (row: ProjectRow): TProjectHit => ({
  id: row.id,
  projectNumber: row.project_number,
  projectName: row.project_name.trim() || UNNAMED,
  fileNumber: row.file_number,
  caseName: row.case_name,
  clientName: row.client_name,
  label: projectLabel(row),
});

/** The project a time-tracking page is opened on (also for /time-tracking?project=<id>). */
export async function getTrackedProject(db: DbOrTx, options: { projectId: string }): Promise<TTrackedProject> {
  const row = await db.selectFrom('projects as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['p.id', 'p.project_number', 'p.project_name', 'c.file_number', 'cl.name as client_name'])
    .where('p.id', '=', options.projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return {
    id: row.id,
    projectNumber: row.project_number,
    projectName: row.project_name.trim() || UNNAMED,
    fileNumber: row.file_number,
    clientName: row.client_name,
    label: projectLabel(row),
  };
}
