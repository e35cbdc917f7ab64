import { sql } from 'kysely';
import type { TDay, TSuggestion } from '../../../../core/api/timesheet.ts';
import { actionItemSource, eventInstant, googleSource, hoursBetween, itemHours, wallTime } from '../../../../core/time/day-suggestions.ts';
import { titleKey } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import type { CalendarConnection } from '../../calendar/index.ts';
import type { Viewer } from '../entries/access.ts';
import { getTrackedProject } from '../tracking/project-search.ts';
import { calendarDay } from './day-calendar.ts';
import { personOf } from '../entries/person.ts';

// GET /api/timesheet/day (docs/decisions/186): the person's action items with a start and an end
// that day, and their events of the firm's Google Calendar, as suggestions of time. Nothing is
// entered here: one click (day-accept.ts) makes one entry.

interface ItemRow { id: string; title: string; project_id: string; start_time: string; end_time: string }

type Draft = Omit<TSuggestion, 'projectLabel' | 'jobType' | 'entryId'> & { jobType: string | null };

const itemsOf = (db: DbOrTx, userId: string, date: string) => sql<ItemRow>`
  select id, title, project_id, start_time::text, end_time::text from action_items
  where assigned_to = ${userId} and due_date = ${date} and start_time is not null and end_time is not null
    and not archived and status <> 'cancelled'
  order by start_time, title`.execute(db).then((r) => r.rows);

/** The job title the person last booked on each project (the suggestion's default), by project. */
async function lastJobTitles(db: DbOrTx, userId: string, projectIds: string[]): Promise<Map<string, string>> {
  if (!projectIds.length) return new Map();
  const { rows } = await sql<{ project_id: string; job_type: string }>`
    select distinct on (project_id) project_id, job_type from time_entries
    where user_id = ${userId} and project_id = any(${projectIds}::uuid[])
    order by project_id, entry_date desc, created_at desc`.execute(db);
  return new Map(rows.map((r) => [r.project_id, r.job_type]));
}

/** The project and job title the person last gave an event of the same title, by title key. */
async function rememberedTitles(db: DbOrTx, userId: string, keys: string[]) {
  if (!keys.length) return new Map<string, { project_id: string; job_type: string }>();
  const rows = await db.selectFrom('calendar_title_projects').select(['title_key', 'project_id', 'job_type'])
    .where('user_id', '=', userId).where('title_key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.title_key, r]));
}

/** Entries already made from these suggestions, by source. */
async function enteredSources(db: DbOrTx, userId: string, sources: string[]): Promise<Map<string, string>> {
  if (!sources.length) return new Map();
  const rows = await db.selectFrom('time_entries').select(['id', 'source'])
    .where('user_id', '=', userId).where('source', 'in', sources).execute();
  return new Map(rows.map((r) => [r.source!, r.id]));
}

async function finish(db: DbOrTx, userId: string, drafts: Draft[]): Promise<TSuggestion[]> {
  const projectIds = [...new Set(drafts.flatMap((d) => (d.projectId ? [d.projectId] : [])))];
  const [labels, entered] = await Promise.all([
    Promise.all(projectIds.map((projectId) => getTrackedProject(db, { projectId }))).then((ps) => new Map(ps.map((p) => [p.id, p.label]))),
    enteredSources(db, userId, drafts.map((d) => d.source)),
  ]);
  return drafts.map((d) => ({
    ...d, projectLabel: d.projectId ? labels.get(d.projectId) ?? null : null, entryId: entered.get(d.source) ?? null,
  }));
}

export async function readDay(
  db: DbOrTx,
  connection: CalendarConnection,
  options: { viewer: Viewer; date: string; userId?: string; timeZone: string },
): Promise<TDay> {
  const { date, timeZone } = options;
  const userId = personOf(options.viewer, options.userId);
  const person = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!person) throw new AppError('RECORD_NOT_FOUND');
  const [items, calendar] = await Promise.all([
    itemsOf(db, userId, date),
    calendarDay(connection, { date, email: person.email, timeZone }),
  ]);
  const [jobTitles, remembered] = await Promise.all([
    lastJobTitles(db, userId, [...new Set(items.map((i) => i.project_id))]),
    rememberedTitles(db, userId, [...new Set(calendar.events.map((e) => titleKey(e.summary ?? '')))]),
  ]);
  const itemDrafts = items.flatMap((item): Draft[] => {
    const hours = itemHours(item.start_time, item.end_time);
    return hours === null ? [] : [{
      source: actionItemSource(item.id, date), title: item.title, start: item.start_time.slice(0, 5), end: item.end_time.slice(0, 5),
      hours, projectId: item.project_id, jobType: jobTitles.get(item.project_id) ?? null,
    }];
  });
  const eventDrafts = calendar.events.flatMap((event): Draft[] => {
    const start = eventInstant(event.start, timeZone);
    const end = eventInstant(event.end, timeZone);
    const hours = hoursBetween(start.getTime(), end.getTime());
    const memory = remembered.get(titleKey(event.summary ?? ''));
    return hours === null ? [] : [{
      source: googleSource(event.id), title: event.summary ?? '', start: wallTime(timeZone, start), end: wallTime(timeZone, end),
      hours, projectId: memory?.project_id ?? null, jobType: memory?.job_type ?? null,
    }];
  });
  const [actionItems, events] = await Promise.all([finish(db, userId, itemDrafts), finish(db, userId, eventDrafts)]);
  return { date, actionItems, events, calendar: calendar.calendar };
}
