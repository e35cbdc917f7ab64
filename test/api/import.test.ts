import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImport } from '../../src/core/api/import.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { secondFileMessage } from '../../src/core/documents/images.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/uploads.ts';

// Issue 27's import, end to end through the API: a Toggl and a Harvest file (dry run, import,
// import again), refused rows with their row numbers, the 'file' rates choice, and who may import.

let t: TestApp;
let superAdmin: Agent;
let superAdminId: string;
let admin: Agent;
const people: Record<string, string> = {};

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url));
const db = () => t.database.db;

async function upload(agent: Agent, name: string, content: Buffer = fixture(name)) {
  return agent.request({ method: 'POST', url: '/api/imports', ...multipart([{ filename: name, content, type: 'text/csv' }]) });
}

async function uploaded(name: string, content?: Buffer): Promise<TImport> {
  const res = await upload(superAdmin, name, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function dryRun(id: string): Promise<TImport> {
  const res = await superAdmin.request({ method: 'POST', url: `/api/imports/${id}/dry-run` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Starts the import (202) and polls until it has finished. */
async function run(id: string): Promise<TImport> {
  const res = await superAdmin.request({ method: 'POST', url: `/api/imports/${id}/run` });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().status).toBe('running');
  for (let i = 0; i < 200; i++) {
    const now = (await superAdmin.request({ method: 'GET', url: `/api/imports/${id}` })).json() as TImport;
    if (now.status !== 'running') return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

const TOGGL_HEADER = 'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)\n';
const storedImports = async () => (await sql<{ imports: number; chunks: number }>`
  select (select count(*)::int from imports) imports, (select count(*)::int from import_chunks) chunks`.execute(db())).rows[0]!;

const entryCount = async () => (await sql<{ n: number }>`select count(*)::int n from time_entries where import_fingerprint is not null`.execute(db())).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  superAdminId = sa.id;
  superAdmin = await t.signIn(sa.email);
  admin = await t.signIn((await t.user('admin')).email);
  for (const [first, last, email] of [['Jane', 'Doe', 'jane.doe@firm.test'], ['Sam', 'Lee', 'sam.lee@firm.test']] as const) {
    const user = await createUser(db(), { email, password: TEST_PASSWORD, firstName: first, lastName: last, role: 'limited_user' });
    people[first] = user.id;
  }
  const code = await superAdmin.request({
    method: 'POST', url: '/api/rate-codes',
    payload: { name: 'Standard', code: 'STD', items: [{ jobType: 'Principal', rate: '200.00', active: true }, { jobType: 'Field Technician', rate: '95.00', active: true }] },
  });
  expect(code.statusCode, code.body).toBe(201);
});
afterAll(async () => t?.close());

describe('import: who may', () => {
  it('refuses admins and limited users (403): the whole import is super admins only', async () => {
    expect((await upload(admin, 'toggl-detailed.csv')).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: '/api/imports' })).statusCode).toBe(403);
    expect((await admin.request({ method: 'GET', url: '/api/imports/template.csv' })).statusCode).toBe(403);
  });
});

describe('import: files that cannot be read', () => {
  it('a malformed CSV is a clear 400 naming the row', async () => {
    const res = await upload(superAdmin, 'broken.csv', Buffer.from('User,Email,Project,Start date,Duration\nJane,"jane@x.test,P,2024-01-01,01:00:00\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/not a readable CSV \(row 2/);
  });

  it('a file of no known tool is a 400 naming its columns', async () => {
    const res = await upload(superAdmin, 'other.csv', Buffer.from('Foo,Bar\n1,2\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Foo, Bar.*not those of a Toggl/);
  });

  it('a binary file is refused', async () => {
    const res = await upload(superAdmin, 'sheet.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]));
    expect(res.statusCode).toBe(400);
  });

  it('a file over 50 MB is refused with the limit named, and leaves nothing stored', async () => {
    const row = 'Jane Doe,jane.doe@firm.test,Acme,Survey,Principal,"Filler row",Yes,2031-01-06,09:00:00,2031-01-06,10:00:00,01:00:00,,150.00\n';
    const content = Buffer.from(TOGGL_HEADER + row.repeat(Math.ceil((50 * 1024 * 1024 + 1) / row.length)));
    const res = await upload(superAdmin, 'huge.csv', content);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The file is larger than 50 MB.');
    expect(await storedImports()).toEqual({ imports: 0, chunks: 0 });
  });

  it("refuses a second file part whole, naming the part, and keeps nothing of the first (issue 37)", async () => {
    const before = await storedImports();
    const rows = Array.from({ length: 12_000 }, (_, i) =>
      `Jane Doe,jane.doe@firm.test,Acme,Survey,Principal,"Row ${i}",Yes,2031-02-03,09:00:00,2031-02-03,10:00:00,01:00:00,,150.00\n`);
    // Large enough that the first file is stored in pieces before the second part arrives.
    const first = Buffer.from(TOGGL_HEADER + rows.join(''));
    expect(first.length).toBeGreaterThan(1024 * 1024);
    for (const parts of [
      [{ filename: 'toggl.csv', content: first, type: 'text/csv' }, { filename: 'more.csv', content: fixture('toggl-detailed.csv'), type: 'text/csv', name: 'extra' }],
      [{ filename: 'toggl.csv', content: fixture('toggl-detailed.csv'), type: 'text/csv' }, { filename: 'toggl.csv', content: fixture('toggl-detailed.csv'), type: 'text/csv' }],
    ]) {
      const res = await superAdmin.request({ method: 'POST', url: '/api/imports', ...multipart(parts) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(secondFileMessage(parts[1]!.name ?? 'file'));
      expect(await storedImports()).toEqual(before);
    }
    expect(secondFileMessage('extra')).toBe("Send one file: the part 'extra' is a second file.");
  });

  it('an upload cut off a day ago is removed, with its pieces, by the next upload; a recent one is left to finish', async () => {
    const cutOff = async (hoursAgo: number) => {
      const { rows } = await sql<{ id: string }>`insert into imports (file_name, source, row_count, status, sample, mapping, created_by, created_at)
        values ('cut.csv', '', 0, 'uploading', '[]', '{}', ${superAdminId}, now() - make_interval(hours => ${hoursAgo})) returning id`.execute(db());
      await sql`insert into import_chunks (import_id, seq, bytes) values (${rows[0]!.id}, 0, ${Buffer.from('User,Email')})`.execute(db());
      return rows[0]!.id;
    };
    const old = await cutOff(25);
    const recent = await cutOff(1);
    const up = await uploaded('toggl-detailed.csv');
    const left = (await sql<{ id: string }>`select id from imports where status = 'uploading'`.execute(db())).rows.map((r) => r.id);
    expect(left).toEqual([recent]);
    expect((await sql<{ n: number }>`select count(*)::int n from import_chunks where import_id = ${old}`.execute(db())).rows[0]!.n).toBe(0);
    await sql`delete from imports where id in (${recent}, ${up.id})`.execute(db());
  });
});

describe('import: Toggl then Harvest', () => {
  it('recognises Toggl, proposes the mapping, dry-runs without writing, then imports once', async () => {
    const up = await uploaded('toggl-detailed.csv');
    expect(up.source).toBe('toggl');
    expect(up.rowCount).toBe(6);
    expect(up.sample[0]!.Email).toBe('jane.doe@firm.test');
    expect(up.mapping.people.map((p) => [p.email, p.userId])).toEqual([
      ['jane.doe@firm.test', people.Jane], ['sam.lee@firm.test', people.Sam], ['nobody@elsewhere.test', null],
    ]);
    expect(up.mapping.clients.map((c) => [c.name, c.clientId])).toEqual([['Harbor Mutual', null], ['Oakline Builders', null]]);
    expect(up.mapping.jobTitles.map((j) => [j.name, j.jobTitle])).toEqual([['Principal', 'Principal'], ['Field Technician', 'Field Technician']]);
    expect(up.mapping.rates).toBe('firm');

    const dry = (await dryRun(up.id)).dryRun!;
    // Row 5 (Billable 'No') is left out: every Casebook entry is billable (docs/decisions/118). It
    // was Oakline's only row to import, so Oakline, its case and its project are not created.
    expect(dry.created).toEqual({ clients: 1, cases: 1, projects: 1, timeEntries: 3, expenses: 0 });
    expect(dry.nonBillable).toEqual([{ row: 5, reason: expect.stringContaining('non-billable') }]);
    expect(dry.refused).toEqual([
      { row: 6, reason: expect.stringContaining('No Casebook person') },
      { row: 7, reason: '"2024-13-40" is not a date.' },
    ]);
    expect(await entryCount()).toBe(0);

    const done = await run(up.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result).toEqual(dry);
    expect(done.progress).toEqual({ done: 6, total: 6 });

    const { rows } = await sql<{ email: string; hours: string; rate: string | null; job_type: string; project_name: string; file_number: string }>`
      select u.email, t.hours::text, t.rate::text, t.job_type, p.project_name, c.file_number
      from time_entries t join users u on u.id = t.user_id join projects p on p.id = t.project_id join cases c on c.id = p.case_id
      order by t.entry_date, u.email`.execute(db());
    expect(rows.map((r) => [r.email, r.hours, r.job_type, r.rate])).toEqual([
      ['jane.doe@firm.test', '1.50', 'Principal', '200.00'],
      ['sam.lee@firm.test', '4.00', 'Field Technician', '95.00'],
      ['jane.doe@firm.test', '2.25', 'Principal', '200.00'],
    ]);
    // New cases are numbered in the firm's series (none yet: this year's, docs/decisions/118).
    const yy = firmTodayIso(DEFAULT_TIME_ZONE).slice(2, 4); // the firm's year, whatever the machine's UTC date
    expect(new Set(rows.map((r) => r.file_number))).toEqual(new Set([`${yy}-0001`]));
    // Audited like any write: the importing super admin is the actor.
    const audit = await sql<{ n: number }>`select count(*)::int n from audit_log where table_name = 'time_entries' and action = 'insert' and actor_id = ${superAdminId}`.execute(db());
    expect(audit.rows[0]!.n).toBe(3);
    // The statement trigger of migration 023 writes what audit_row() wrote: the entry as stored.
    const same = await sql<{ n: number }>`select count(*)::int n from time_entries t join audit_log a
      on a.table_name = 'time_entries' and a.row_id = t.id::text and a.action = 'insert'
      where a.before is null and a.after = to_jsonb(t)`.execute(db());
    expect(same.rows[0]!.n).toBe(3);
    const made = await sql<{ table_name: string; n: number }>`select table_name, count(*)::int n from audit_log
      where action = 'insert' and actor_id = ${superAdminId} and table_name in ('clients', 'cases', 'projects')
      group by table_name order by table_name`.execute(db());
    expect(made.rows).toEqual([{ table_name: 'cases', n: 1 }, { table_name: 'clients', n: 1 }, { table_name: 'projects', n: 1 }]);
  });

  it('the same file again creates nothing twice', async () => {
    const again = await uploaded('toggl-detailed.csv');
    // Oakline was never created: its only row to import is the non-billable one, left out.
    expect(again.mapping.clients.map((c) => [c.name, c.clientId !== null])).toEqual([['Harbor Mutual', true], ['Oakline Builders', false]]);
    expect(again.mapping.projects.map((p) => [p.name, p.projectId !== null])).toEqual([['Pier Street Roof', true], ['Warehouse 7', false]]);
    const dry = (await dryRun(again.id)).dryRun!;
    expect(dry.created).toEqual({ clients: 0, cases: 0, projects: 0, timeEntries: 0, expenses: 0 });
    // Nothing is matched either: matches count only for rows to import.
    expect(dry.matched).toEqual({ clients: 0, cases: 0, projects: 0, timeEntries: 0, expenses: 0 });
    expect(dry.skipped.map((s) => [s.row, s.reason])).toEqual([2, 3, 4].map((row) => [row, 'Imported before.']));
    // The non-billable row is left out again, not imported: it never was.
    expect(dry.nonBillable!.map((r) => r.row)).toEqual([5]);
    const done = await run(again.id);
    expect(done.status).toBe('done');
    expect(await entryCount()).toBe(3);
  });

  it('Harvest: people by name, the client and project matched, bad rows refused or skipped with row numbers', async () => {
    const up = await uploaded('harvest-import.csv');
    expect(up.source).toBe('harvest');
    expect(up.mapping.people.map((p) => p.userId)).toEqual([people.Jane, people.Sam]);
    expect(up.mapping.clients.find((c) => c.name === 'Harbor Mutual')!.clientId).not.toBeNull();
    const dry = (await dryRun(up.id)).dryRun!;
    expect(dry.created).toEqual({ clients: 1, cases: 1, projects: 1, timeEntries: 3, expenses: 0 });
    expect(dry.matched).toMatchObject({ clients: 1, projects: 1 });
    expect(dry.refused).toEqual([{ row: 5, reason: 'Negative hours (-1).' }]);
    expect(dry.skipped).toEqual([{ row: 6, reason: 'No time (0 hours).' }]);
    const done = await run(up.id);
    expect(done.status).toBe('done');
    expect(await entryCount()).toBe(6);
    const hours = await sql<{ h: string }>`select sum(hours)::text h from time_entries where entry_date between '2024-03-11' and '2024-03-13'`.execute(db());
    expect(hours.rows[0]!.h).toBe('6.75');
    const again = (await dryRun((await uploaded('harvest-import.csv')).id)).dryRun!;
    expect(again.created.timeEntries).toBe(0);
  });

  it("keeps the file's rates only with the 'file' choice", async () => {
    const up = await uploaded('harvest-detailed.csv');
    expect(up.source).toBe('harvest-export');
    const put = await superAdmin.request({ method: 'PUT', url: `/api/imports/${up.id}/mapping`, payload: { ...up.mapping, rates: 'file' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().mapping.rates).toBe('file');
    expect((await run(up.id)).status).toBe('done');
    const { rows } = await sql<{ rate: string }>`select rate::text from time_entries t where description in ('Expert report review', 'Survey') and t.rate <> 200 order by t.rate desc`.execute(db());
    expect(rows.map((r) => r.rate)).toEqual(['180.00', '95.00']);
  });

  it('a corrected mapping must keep the file\'s keys and name real targets', async () => {
    const up = await uploaded('clockify-detailed.csv');
    expect(up.source).toBe('clockify');
    const missing = await superAdmin.request({ method: 'PUT', url: `/api/imports/${up.id}/mapping`, payload: { ...up.mapping, people: [] } });
    expect(missing.statusCode).toBe(400);
    const ghost = { ...up.mapping, people: up.mapping.people.map((p) => ({ ...p, userId: '00000000-0000-4000-8000-000000000000' })) };
    expect((await superAdmin.request({ method: 'PUT', url: `/api/imports/${up.id}/mapping`, payload: ghost })).statusCode).toBe(400);
    const nobody = { ...up.mapping, people: up.mapping.people.map((p) => ({ ...p, userId: null })) };
    const ok = await superAdmin.request({ method: 'PUT', url: `/api/imports/${up.id}/mapping`, payload: nobody });
    expect(ok.statusCode).toBe(200);
    const dry = (await dryRun(up.id)).dryRun!;
    // Row 3 is marked non-billable: left out before anything else is asked of it.
    expect(dry.refused.map((r) => r.row)).toEqual([2]);
    expect(dry.nonBillable!.map((r) => r.row)).toEqual([3]);
  });
});

describe('import: locked weeks and rows without a client', () => {
  it("refuses rows in a person's submitted week (the lock would abort the import) and files client-less rows under 'No client'", async () => {
    await sql`insert into timesheet_weeks (user_id, week_start, status, submitted_at) values (${people.Sam}, '2024-04-01', 'submitted', now())`.execute(db());
    const csv = [
      'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)',
      'Sam Lee,sam.lee@firm.test,Harbor Mutual,Pier Street Roof,Field Technician,Locked day,Yes,2024-04-03,09:00:00,2024-04-03,10:00:00,01:00:00,,',
      'Jane Doe,jane.doe@firm.test,,Internal,Principal,Training,Yes,2024-04-03,09:00:00,2024-04-03,10:00:00,01:00:00,,',
    ].join('\n');
    const res = await upload(superAdmin, 'toggl-locked.csv', Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json() as TImport;
    expect(up.mapping.clients.map((c) => c.name)).toEqual(['Harbor Mutual', 'No client']);
    const done = await run(up.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result!.refused).toEqual([{ row: 2, reason: "Sam Lee's week of 2024-04-03 is submitted or approved (locked)." }]);
    expect(done.result!.created.timeEntries).toBe(1);
  });
});

describe('import: the Casebook template and Kimai', () => {
  it('serves the template, and imports it: a case by its file number, a project, time and an expense', async () => {
    const template = await superAdmin.request({ method: 'GET', url: '/api/imports/template.csv' });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
    expect(template.body.split('\r\n')[0]).toMatch(/^Record,Client,Case File Number/);
    const up = await uploaded('casebook-template.csv');
    expect(up.source).toBe('casebook');
    const done = await run(up.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result!.created).toMatchObject({ cases: 1, projects: 1, timeEntries: 1, expenses: 1 });
    const kase = await sql<{ n: number }>`select count(*)::int n from cases where file_number = 'HM-2024-017'`.execute(db());
    expect(kase.rows[0]!.n).toBe(1);
    const expense = await sql<{ amount: string }>`select amount::text from expense_entries where import_fingerprint is not null`.execute(db());
    expect(expense.rows.map((r) => r.amount)).toEqual(['42.80']);
  });

  it('reads Kimai (people by name)', async () => {
    const up = await uploaded('kimai-export.csv');
    expect(up.source).toBe('kimai');
    expect(up.mapping.people.map((p) => p.userId)).toEqual([people.Jane, people.Sam]);
    const dry = (await dryRun(up.id)).dryRun!;
    expect(dry.created.timeEntries).toBe(2);
    expect(dry.refused).toEqual([]);
  });

  it('lists imports newest first', async () => {
    const res = await superAdmin.request({ method: 'GET', url: '/api/imports' });
    expect(res.statusCode).toBe(200);
    expect(res.json().imports[0].fileName).toBe('kimai-export.csv');
  });
});

describe('import: a file of several stored pieces', () => {
  it('stores a 2.7 MB file in 1 MB pieces that join to the exact bytes, and the dry run reads every row', async () => {
    const rows = 20_000;
    const lines = Array.from({ length: rows }, (_, i) => {
      const [name, email] = i % 2 ? ['Jane Doe', 'jane.doe@firm.test'] : ['Sam Lee', 'sam.lee@firm.test'];
      // Accented text, so pieces and slices cut through multi-byte characters.
      return `${name},${email},Acme,Survey,Principal,"Relevé n° ${i}, café",Yes,2030-03-04,09:00:00,2030-03-04,10:00:00,01:00:00,,150.00\n`;
    });
    const content = Buffer.from(TOGGL_HEADER + lines.join(''));
    expect(content.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const up = await uploaded('toggl-pieces.csv', content);
    expect(up.rowCount).toBe(rows);
    expect(up.sample[0]!.Description).toBe('Relevé n° 0, café');
    const pieces = await db().selectFrom('import_chunks').select(['seq', 'bytes']).where('import_id', '=', up.id).orderBy('seq').execute();
    expect(pieces.map((p) => p.seq)).toEqual([0, 1, 2]);
    expect(Buffer.concat(pieces.map((p) => Buffer.from(p.bytes))).equals(content)).toBe(true);
    const dry = await dryRun(up.id);
    expect(dry.dryRun?.created.timeEntries).toBe(rows);
    expect(dry.dryRun?.refused).toEqual([]);
    expect(dry.dryRun?.skipped).toEqual([]);
  });
});
