import { sql } from 'kysely';
import type { FirmDirectory } from '../../../core/import/mapping.ts';
import type { DbOrTx } from '../../db/connection.ts';

// What the firm has, read for the mapping proposal and for the dry run and the import.

export async function firmDirectory(db: DbOrTx): Promise<FirmDirectory> {
  const [users, clients, projects, titles] = await Promise.all([
    db.selectFrom('users as u').leftJoin('profiles as p', 'p.id', 'u.id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'p.display_name']).execute(),
    db.selectFrom('clients').select(['id', 'name']).where('name', '<>', '').orderBy('created_at').execute(),
    db.selectFrom('projects as p').innerJoin('cases as c', 'c.id', 'p.case_id')
      .select(['p.id', 'c.client_id', 'p.project_name']).orderBy('p.created_at').execute(),
    db.selectFrom('rate_code_items').select('job_type').distinct().where('active', '=', true).orderBy('job_type').execute(),
  ]);
  return {
    // A person is found by their display name and by "first last".
    users: users.flatMap((u) => [
      { id: u.id, email: u.email, name: u.display_name ?? '' },
      { id: u.id, email: u.email, name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() },
    ]),
    clients,
    projects: projects.map((p) => ({ id: p.id, clientId: p.client_id, name: p.project_name })),
    jobTitles: titles.map((t) => t.job_type),
  };
}

/** Existing cases by file number (lower case). */
export async function casesByNumber(db: DbOrTx): Promise<Map<string, { id: string; clientId: string }>> {
  const rows = await db.selectFrom('cases').select(['id', 'client_id', 'file_number']).execute();
  return new Map(rows.map((r) => [r.file_number.toLowerCase(), { id: r.id, clientId: r.client_id }]));
}

/** A test of "is this person's week holding this day submitted or approved" (the lock of docs/decisions/088). */
export async function lockedWeeks(db: DbOrTx): Promise<(userId: string, date: string) => boolean> {
  const rows = await db.selectFrom('timesheet_weeks').select(['user_id', sql<string>`week_start::text`.as('start')])
    .where('status', 'in', ['submitted', 'approved']).execute();
  const locked = new Set(rows.map((r) => `${r.user_id}|${r.start}`));
  if (!locked.size) return () => false;
  return (userId, date) => {
    const day = new Date(`${date}T00:00:00Z`);
    for (let back = 0; back < 7; back++) {
      const start = new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      if (locked.has(`${userId}|${start}`)) return true;
    }
    return false;
  };
}
