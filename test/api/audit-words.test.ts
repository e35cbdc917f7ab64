// The audit log in words (issue 28, docs/decisions/097): sentences with names, never a UUID or an
// internal column; filters on the server; the CSV export with the same filters and money rule.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBillNumber } from '../../src/core/billing/billing.ts';
import { withActor } from '../../src/server/db/connection.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

type Part = { text: string; href?: string };
type Entry = { id: number; table: string; rowId: string; action: string; actorId: string | null; text: string; sentence: Part[];
  details: Part[][]; record: { type: string; label: string; href: string | null; deleted: boolean } };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const INTERNAL = /calendar_generation|version|updated_at|created_at|google_event_id|fingerprint|_id\b/;

let t: TestApp;
let denise: Agent, margaret: Agent;
let deniseId: string, jamesId: string, margaretId: string;
const named = async (role: 'admin' | 'super_admin' | 'limited_user', name: string) => {
  const user = await t.user(role);
  await t.database.db.updateTable('profiles').set({ display_name: name }).where('id', '=', user.id).execute();
  return user;
};
beforeAll(async () => {
  t = await createTestApp();
  const [d, j, m] = [await named('admin', 'Denise Park'), await named('limited_user', 'James Whitaker'), await named('super_admin', 'Margaret Hale')];
  [deniseId, jamesId, margaretId] = [d.id, j.id, m.id];
  [denise, margaret] = [await t.signIn(d.email), await t.signIn(m.email)];
});
afterAll(async () => t?.close());

const log = async (agent: Agent, query: string) => {
  const res = await agent.request({ method: 'GET', url: `/api/audit?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; nextBefore: number | null };
};

describe('sentences', () => {
  it('a reassignment of an action item reads with names, no UUID and no internal column', async () => {
    const { projectId } = await makeProject(t.database.db, deniseId, 'Roof survey');
    const created = (await denise.request({ method: 'POST', url: '/api/action-items',
      payload: newItem(projectId, jamesId, { shortDescription: 'Call the adjuster' }) })).json();
    const moved = await denise.request({ method: 'PATCH', url: `/api/action-items/${created.id}`, payload: { version: created.version, assignee: margaretId } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Calendar bookkeeping alone is no change a person reads: not listed.
    await withActor(t.database.db, deniseId, (tx) => sql`update action_items set calendar_generation = calendar_generation + 1 where id = ${created.id}`.execute(tx));

    const [latest, first] = (await log(denise, `rowId=${created.id}`)).entries;
    expect(latest!.text).toBe('Denise Park changed the assignee of action item "Call the adjuster" from James Whitaker to Margaret Hale');
    expect(latest!.sentence.find((p) => p.text === '"Call the adjuster"')?.href).toBe(`/time-tracking?project=${projectId}&item=${created.id}`);
    expect(latest!.record).toMatchObject({ type: 'Action item', deleted: false });
    expect(first!.text).toBe('Denise Park created action item "Call the adjuster"');
    const details = first!.details.map((d) => d.map((p) => p.text).join(''));
    expect(details).toContain('assignee: James Whitaker');
    expect(details).toContain('due date: 03/15/2027');
    for (const e of [latest!, first!]) {
      const words = [e.text, ...e.details.flat().map((p) => p.text), e.record.label].join(' ');
      expect(words).not.toMatch(UUID);
      expect(words).not.toMatch(INTERNAL);
    }
    // The History panel answers the same words.
    const history = (await denise.request({ method: 'GET', url: `/api/audit/history/action_items/${created.id}` })).json().entries as Entry[];
    expect(history.map((e) => e.text)).toEqual([latest!.text, first!.text]);

    // Deleted, the record says so.
    await withActor(t.database.db, deniseId, (tx) => tx.deleteFrom('action_items').where('id', '=', created.id).execute());
    const after = (await log(denise, `rowId=${created.id}`)).entries;
    expect(after[0]!.text).toBe('Denise Park deleted action item "Call the adjuster"');
    expect(after[1]!.text).toMatch(/\(since deleted\)$/);
    expect(after[1]!.record).toMatchObject({ href: null, deleted: true });
  });

  it('a bill\'s creation and issue read with its number and the client\'s name', async () => {
    const p = await trackedProject(t.database.db, margaretId, { clientName: 'Harbor Point Condominiums' });
    const time = await logTime(margaret, p.projectId, { entryDate: '2026-05-04', hours: 2 });
    const made = await margaret.request({ method: 'POST', url: '/api/bills', payload: {
      id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds: [time.id], expenseEntryIds: [],
    } });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json();
    const issued = await margaret.request({ method: 'POST', url: `/api/bills/${bill.id}/issue`, payload: { version: bill.version, issuedOn: '2026-06-01' } });
    expect(issued.statusCode, issued.body).toBeLessThan(300);
    const number = `Bill-${formatBillNumber(bill.number)}`;
    const texts = (await log(denise, `rowId=${bill.id}`)).entries.map((e) => e.text);
    expect(texts.at(-1)).toBe(`Margaret Hale created bill ${number} for Harbor Point Condominiums`);
    expect(texts[0]).toBe(`Margaret Hale issued bill ${number} for Harbor Point Condominiums on 06/01/2026`);
    for (const text of texts) expect(text).not.toMatch(UUID);
    // An admin may not open a bill: no link; a super admin gets one.
    const forAdmin = (await log(denise, `rowId=${bill.id}`)).entries[0]!;
    expect(forAdmin.record.href).toBeNull();
    expect((await log(margaret, `rowId=${bill.id}`)).entries[0]!.record.href).toBe(`/accounting/bills/${bill.id}`);
    // The entry billed on it names the bill.
    const entry = (await log(margaret, `rowId=${time.id}`)).entries;
    expect(entry.map((e) => e.text).join('\n')).toContain(`set the bill of the time entry of 05/04/2026 on project ${p.projectNumber}`);
  });
});

describe('filters and the CSV export', () => {
  it('filters by person, record type, record and date on the server, with paging', async () => {
    const { projectId } = await makeProject(t.database.db, jamesId);
    const byPerson = await log(denise, `actorId=${jamesId}&table=projects&limit=1`);
    expect(byPerson.entries).toHaveLength(1);
    expect(byPerson.entries[0]!.text).toMatch(/^James Whitaker created project P-/);
    const byType = await log(denise, `actorId=${jamesId}&limit=10`);
    expect(byType.entries.map((e) => e.table).sort()).toEqual(['cases', 'clients', 'projects']);
    expect((await log(denise, `rowId=${projectId}`)).entries).toHaveLength(1);
    expect((await log(denise, `actorId=${jamesId}&to=2020-01-01`)).entries).toEqual([]);
    const bad = await denise.request({ method: 'GET', url: '/api/audit?table=passwords' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered log as CSV: the sentences, date and time, person, record type and record; money hidden for an admin', async () => {
    const p = await trackedProject(t.database.db, margaretId, { clientName: 'Cobalt Industries' });
    await sql`update rate_code_items set rate = 987.65 where rate_code_id = ${p.rateCodeId}`.execute(t.database.db);
    const time = await logTime(margaret, p.projectId, { entryDate: '2026-05-04', hours: 2 });
    const res = await denise.request({ method: 'GET', url: `/api/audit/export.csv?rowId=${time.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date and time,Person,Record type,Record,What happened,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M [A-Z]{2,4}[^,]*,Margaret Hale,Time entry,/);
    expect(lines[1]).toContain(`Margaret Hale created a time entry of 05/04/2026 on project ${p.projectNumber}`);
    expect(res.body).not.toContain('987.65');
    expect(res.body).not.toContain('1975.3');
    expect(res.body).not.toMatch(/\brate\b/);
    expect(res.body).not.toMatch(UUID);
    const forSuper = await margaret.request({ method: 'GET', url: `/api/audit/export.csv?rowId=${time.id}` });
    expect(forSuper.body).toContain('rate: 987.65');
    // The filters are the log's: nothing by this person before 2020.
    const none = await denise.request({ method: 'GET', url: `/api/audit/export.csv?actorId=${margaretId}&to=2020-01-01` });
    expect(none.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    const limited = await t.signIn((await t.user('limited_user')).email);
    expect((await limited.request({ method: 'GET', url: '/api/audit/export.csv' })).statusCode).toBe(403);
  });
});
