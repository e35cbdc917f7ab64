import { sql } from 'kysely';
import { toDbStatus, toUiStatus } from '../../../core/action-items.ts';
import type {
  TActionItem, TActionItemList, TCardProject, TAssignableUser,
} from '../../../core/api/action-items.ts';
import { ZActionItemCreate, ZActionItemUpdate } from '../../../core/api/action-items.ts';
import { displayName } from '../../../core/people.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { timeText } from '../../../core/smart-time.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { actionItemDbError } from './db-errors.ts';
import type { z } from 'zod';

type CreateInput = z.output<typeof ZActionItemCreate>;
type UpdateInput = z.output<typeof ZActionItemUpdate>;

const UNNAMED_PROJECT = 'Unnamed Project';
const projectLabel = (number: string, name: string) => `${number} - ${name.trim() || UNNAMED_PROJECT}`;

/** Items with their project, case, client and assignee: what every read of items starts from. */
export function joinedItems(db: DbOrTx) {
  return db.selectFrom('action_items as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('users as u', 'u.id', 'a.assigned_to')
    .leftJoin('profiles as pr', 'pr.id', 'a.assigned_to');
}

function itemQuery(db: DbOrTx) {
  return joinedItems(db)
    .select([
      'a.id', 'a.project_id', 'a.status', 'a.archived', 'a.assigned_to', 'a.title', 'a.description',
      'a.due_date', 'a.start_time', 'a.end_time', 'a.completed_at', 'a.location', 'a.location_address',
      'a.url', 'a.google_event_id', 'a.synced_to_calendar', 'a.version',
      'p.project_number', 'p.project_name', 'cl.name as client_name', 'cl.id as client_id',
      'u.email as assignee_email', 'pr.first_name as assignee_first', 'pr.last_name as assignee_last',
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

function toUi(row: ItemRow): TActionItem {
  const start = row.start_time ?? '';
  const end = row.end_time ?? '';
  return {
    id: row.id,
    project_id: row.project_id,
    status: toUiStatus(row.status),
    archived: row.archived,
    assignee: row.assigned_to ?? '',
    assigneeName: row.assignee_email
      ? displayName({ email: row.assignee_email, first_name: row.assignee_first, last_name: row.assignee_last })
      : '',
    shortDescription: row.title,
    longDescription: row.description,
    dueDate: formatUsDate(row.due_date),
    time: timeText(start || null, end || null),
    dateCompleted: formatUsDate(row.completed_at),
    gcalSynced: Boolean(row.google_event_id),
    gcalEventId: row.google_event_id,
    calendarSync: row.synced_to_calendar,
    clientName: row.client_name,
    clientId: row.client_id,
    projectLabel: projectLabel(row.project_number, row.project_name),
    startTime: start.slice(0, 8),
    endTime: end.slice(0, 8),
    location: row.location ?? '',
    locationAddress: (row.location_address as Record<string, unknown> | null) ?? null,
    url: row.url ?? '',
    version: row.version,
  };
}

export async function cardProject(db: DbOrTx, projectId: string): Promise<TCardProject> {
  const row = await db.selectFrom('projects as p')
    .innerJoin('cases as c', 'c.id', 'p.case_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['p.id', 'p.project_number', 'p.project_name', 'cl.id as client_id', 'cl.name', 'cl.is_business_client',
      'cl.contact_name', 'c.attorney_name'])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return {
    id: row.id,
    name: row.project_name.trim() || UNNAMED_PROJECT,
    label: projectLabel(row.project_number, row.project_name),
    client: row.name,
    clientId: row.client_id,
    isBusinessClient: row.is_business_client,
    clientContact: row.contact_name ?? '',
    attorneyName: row.attorney_name ?? '',
  };
}

/** One project's items (the card) or every item (the dashboard), due date ascending (SPEC §7). */
export async function listActionItems(db: DbOrTx, options: { projectId?: string }): Promise<TActionItemList> {
  let query = itemQuery(db);
  if (options.projectId) query = query.where('a.project_id', '=', options.projectId);
  const [rows, project] = await Promise.all([
    query.orderBy(sql`a.due_date asc nulls last`).orderBy('a.created_at').execute(),
    options.projectId ? cardProject(db, options.projectId) : Promise.resolve(null),
  ]);
  return { items: rows.map(toUi), project };
}

export async function getActionItem(db: DbOrTx, id: string): Promise<TActionItem> {
  const row = await itemQuery(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toUi(row);
}

const orNull = (s: string | undefined) => (s ? s : null);

export async function createActionItem(db: DbOrTx, options: { actorId: string; input: CreateInput }): Promise<TActionItem> {
  const { input, actorId } = options;
  try {
    return await withActor(db, actorId, async (tx) => {
      const row = await tx.insertInto('action_items').values({
        ...(input.id ? { id: input.id } : {}),
        project_id: input.projectId,
        created_by: actorId,
        assigned_to: input.assignee,
        title: input.shortDescription,
        description: input.longDescription,
        due_date: input.dueDate,
        start_time: orNull(input.startTime),
        end_time: orNull(input.endTime),
        due_time: orNull(input.startTime),
        // SPEC §3: priority medium, status open (pending), not archived on creation.
        priority: 'medium',
        status: 'pending',
        archived: false,
        location: orNull(input.location),
        location_address: input.locationAddress ? JSON.stringify(input.locationAddress) : null,
        url: orNull(input.url),
        synced_to_calendar: input.calendarSync,
      }).returning('id').executeTakeFirstOrThrow();
      return getActionItem(tx, row.id);
    });
  } catch (error) {
    throw actionItemDbError(error, 'create');
  }
}

function completedAt(input: UpdateInput) {
  if (input.status === 'open') return { completed_at: null };
  if (input.status !== 'completed') return {};
  // The browser's "today" (its time zone); the database's date when it sent none.
  if (!input.dateCompleted) return { completed_at: sql<string>`current_date` };
  const iso = toIsoDate(input.dateCompleted);
  if (!iso) throw refuse('dateCompleted', 'Invalid date format', 'date');
  return { completed_at: iso };
}

export async function updateActionItem(
  db: DbOrTx,
  options: { actorId: string; id: string; input: UpdateInput },
): Promise<TActionItem> {
  const { input } = options;
  const values = {
    ...(input.assignee !== undefined ? { assigned_to: input.assignee } : {}),
    ...(input.shortDescription !== undefined ? { title: input.shortDescription } : {}),
    ...(input.longDescription !== undefined ? { description: input.longDescription } : {}),
    ...(input.dueDate !== undefined ? { due_date: input.dueDate } : {}),
    ...(input.startTime !== undefined ? { start_time: orNull(input.startTime), due_time: orNull(input.startTime) } : {}),
    ...(input.endTime !== undefined ? { end_time: orNull(input.endTime) } : {}),
    ...(input.location !== undefined ? { location: orNull(input.location) } : {}),
    ...(input.locationAddress !== undefined
      ? { location_address: input.locationAddress ? JSON.stringify(input.locationAddress) : null } : {}),
    ...(input.url !== undefined ? { url: orNull(input.url) } : {}),
    ...(input.calendarSync !== undefined ? { synced_to_calendar: input.calendarSync } : {}),
    ...(input.status !== undefined ? { status: toDbStatus(input.status) } : {}),
    ...(input.archived !== undefined ? { archived: input.archived } : {}),
    ...completedAt(input),
  };
  try {
    return await withActor(db, options.actorId, async (tx) => {
      await updateVersioned(tx, 'action_items', options.id, input.version, values);
      return getActionItem(tx, options.id);
    });
  } catch (error) {
    throw actionItemDbError(error, 'update');
  }
}

export async function deleteActionItem(db: DbOrTx, options: { actorId: string; id: string }): Promise<void> {
  await withActor(db, options.actorId, async (tx) => {
    const gone = await tx.deleteFrom('action_items').where('id', '=', options.id).returning('id').executeTakeFirst();
    if (!gone) throw new AppError('RECORD_NOT_FOUND');
  });
}

/**
 * Who may be given an action item (docs/decisions/040): every account that can sign in
 * (not disabled) and has a profile, whatever its role. Sorted by the name the list shows.
 */
export async function listAssignableUsers(db: DbOrTx): Promise<TAssignableUser[]> {
  const rows = await db.selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .leftJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.email', 'p.first_name', 'p.last_name', 'r.role', 'u.role as meta_role'])
    .where('u.disabled', '=', false)
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      role: r.role ?? r.meta_role ?? 'limited_user',
      name: displayName(r),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}
