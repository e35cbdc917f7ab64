import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { toUiStatus } from '../../../core/action-items.ts';
import { ZEmptyBody, ZFeedLink, ZFeedParams } from '../../../core/api/calendar.ts';
import { buildEventPayload } from '../../../core/calendar/calendar-event.ts';
import { deadlineEventPayload, type DeadlineKind, type DeadlineSource } from '../../../core/calendar/deadlines.ts';
import { buildIcs, type IcsEvent } from '../../../core/calendar/ics.ts';
import { displayName } from '../../../core/people.ts';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { requireUser } from '../../http/session.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function feedEvents(db: Db, userId: string, timeZone: string): Promise<IcsEvent[]> {
  const { rows } = await sql<{
    id: string; title: string; description: string; due_date: string; start_time: string | null; end_time: string | null;
    location: string | null; url: string | null; status: string; client_name: string; email: string;
    first_name: string | null; last_name: string | null; updated_at: Date;
  }>`
    select a.id, a.title, a.description, a.due_date, a.start_time::text, a.end_time::text, a.location, a.url, a.status,
      a.updated_at, cl.name as client_name, u.email, pr.first_name, pr.last_name
    from action_items a
    join projects p on p.id = a.project_id join cases c on c.id = p.case_id join clients cl on cl.id = c.client_id
    join users u on u.id = a.assigned_to left join profiles pr on pr.id = a.assigned_to
    where a.assigned_to = ${userId} and not a.archived and a.due_date is not null
    order by a.due_date, a.start_time nulls first`.execute(db);
  return rows.flatMap((r) => {
    const built = buildEventPayload({
      shortDescription: r.title, longDescription: r.description, dueDate: r.due_date, startTime: r.start_time ?? '',
      endTime: r.end_time ?? '', location: r.location ?? '', url: r.url ?? '', status: toUiStatus(r.status),
      clientName: r.client_name, assigneeName: displayName(r),
    }, { timeZone });
    return built.ok
      ? [{ uid: `${r.id}@casebook`, payload: built.value, url: r.url ?? undefined, cancelled: r.status === 'cancelled', updatedAt: new Date(r.updated_at) }]
      : [];
  });
}

/** The user's case deadlines (issue 41, docs/decisions/174): all day on their dates, the same event as Google's; a moved date keeps its UID. */
async function feedDeadlines(db: Db, userId: string): Promise<IcsEvent[]> {
  const { rows } = await sql<{
    id: string; title: string; kind: DeadlineKind; source: DeadlineSource; due_date: string; notes: string; set_by_hand: boolean;
    file_number: string; case_name: string | null; client_name: string; email: string; first_name: string | null; last_name: string | null;
    updated_at: Date;
  }>`
    select d.id, d.title, d.kind, d.source, d.due_date::text as due_date, d.notes, d.set_by_hand, d.updated_at, c.file_number, c.case_name,
      cl.name as client_name, u.email, pr.first_name, pr.last_name
    from case_deadlines d join cases c on c.id = d.case_id join clients cl on cl.id = c.client_id
    join users u on u.id = d.assignee_id left join profiles pr on pr.id = d.assignee_id
    where d.assignee_id = ${userId}
    order by d.due_date, d.title`.execute(db);
  return rows.map((r) => ({
    uid: `${r.id}@casebook-deadline`,
    payload: deadlineEventPayload({
      title: r.title, kind: r.kind, source: r.source, dueDate: r.due_date.slice(0, 10), fileNumber: r.file_number, caseName: r.case_name,
      clientName: r.client_name, assigneeName: displayName(r), notes: r.notes, setByHand: r.set_by_hand,
    }),
    updatedAt: new Date(r.updated_at),
  }));
}

/**
 * The private calendar feed (docs/decisions/163): a secret URL per user that any calendar app
 * can subscribe to, with the user's assigned, non-archived, dated items and their case deadlines, built on every fetch.
 * A new link replaces the old one, which then answers 404.
 */
export async function calendarFeedRoutes({ app, db, env, tokenCipher }: AppContext) {
  const base = (request: FastifyRequest) => (env.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
  const link = (request: FastifyRequest, token: string) => `${base(request)}/api/calendar/feed/${token}.ics`;

  app.get('/api/calendar/feed', { config: { access: 'user' }, schema: { response: { 200: ZFeedLink } } }, async (request, reply) => {
    const { user } = requireUser(request);
    void reply.header('cache-control', 'no-store');
    const row = await db.selectFrom('calendar_feeds').select('token_encrypted').where('user_id', '=', user.id).executeTakeFirst();
    return { url: row ? link(request, tokenCipher.decrypt(row.token_encrypted)) : null };
  });

  app.post('/api/calendar/feed', { config: { access: 'user' }, schema: { body: ZEmptyBody, response: { 200: ZFeedLink } } }, async (request, reply) => {
    const { user } = requireUser(request);
    void reply.header('cache-control', 'no-store');
    const token = randomBytes(24).toString('base64url');
    const values = { user_id: user.id, token_hash: hash(token), token_encrypted: tokenCipher.encrypt(token) };
    await db.insertInto('calendar_feeds').values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: values.token_hash, token_encrypted: values.token_encrypted, created_at: sql`now()` }))
      .execute();
    return { url: link(request, token) };
  });

  app.delete('/api/calendar/feed', { config: { access: 'user' }, schema: { response: { 200: ZFeedLink } } }, async (request) => {
    const { user } = requireUser(request);
    await db.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute();
    return { url: null };
  });

  // Public by design: the secret in the address is the credential (calendar apps send no cookie).
  app.get('/api/calendar/feed/:token', { config: { access: 'public' }, schema: { params: ZFeedParams } }, async (request, reply) => {
    const token = request.params.token.replace(/\.ics$/, '');
    const owner = await db.selectFrom('calendar_feeds as f').innerJoin('users as u', 'u.id', 'f.user_id')
      .select('f.user_id').where('f.token_hash', '=', hash(token)).where('u.disabled', '=', false).executeTakeFirst();
    if (!owner) throw new AppError('RECORD_NOT_FOUND');
    const events = [...await feedEvents(db, owner.user_id, env.TZ), ...await feedDeadlines(db, owner.user_id)];
    const ics = buildIcs({ name: `${env.FIRM_NAME} action items`, events, now: new Date() });
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'no-store').send(ics);
  });
}
