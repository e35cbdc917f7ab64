import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImport } from '../../src/core/api/import.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/uploads.ts';

// Issue 38: imports keep their meaning, and every time and expense entry in Casebook is billable
// (the specification; docs/decisions/118). A Toggl row with Billable 'No' is left out, counted and
// listed, never imported as billable time; in a firm without rates the dry run says which entries
// would be valued at $0.00 and offers the file's own rates, which the import then keeps; new cases
// are numbered in the firm's series, not 'IMP-1'.

let t: TestApp;
let superAdmin: Agent;
const people: Record<string, string> = {};
const db = () => t.database.db;

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url));

async function uploaded(name: string, content: Buffer = fixture(name)): Promise<TImport> {
  const res = await superAdmin.request({ method: 'POST', url: '/api/imports', ...multipart([{ filename: name, content, type: 'text/csv' }]) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function dryRun(id: string): Promise<NonNullable<TImport['dryRun']>> {
  const res = await superAdmin.request({ method: 'POST', url: `/api/imports/${id}/dry-run` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dryRun;
}

async function run(id: string): Promise<TImport> {
  const res = await superAdmin.request({ method: 'POST', url: `/api/imports/${id}/run` });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const now = (await superAdmin.request({ method: 'GET', url: `/api/imports/${id}` })).json() as TImport;
    if (now.status !== 'running') return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

const year = async () => (await sql<{ yy: string }>`select to_char(current_date, 'YY') yy`.execute(db())).rows[0]!.yy;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.signIn((await t.user('super_admin')).email);
  for (const [first, last, email] of [['Jane', 'Doe', 'jane.doe@firm.test'], ['Sam', 'Lee', 'sam.lee@firm.test']] as const) {
    people[first] = (await createUser(db(), { email, password: TEST_PASSWORD, firstName: first, lastName: last, role: 'limited_user' })).id;
  }
});
afterAll(async () => t?.close());

describe('a Toggl file in a firm without rates', () => {
  let up: TImport;

  it('the dry run leaves out the non-billable row, says so, and names the entries valued at $0.00', async () => {
    up = await uploaded('toggl-detailed.csv');
    expect(up.mapping.rates).toBe('firm');
    const dry = await dryRun(up.id);
    // Rows 2-4 are billable with an amount; row 5 is Billable 'No': left out; 6 and 7 refused.
    expect(dry.nonBillable).toEqual([{ row: 5, reason: 'Marked non-billable in the file: left out, as every Casebook entry is billable.' }]);
    expect(dry.refused.map((r) => r.row)).toEqual([6, 7]);
    expect(dry.created.timeEntries).toBe(3);
    expect(dry.unpriced).toEqual({ timeEntries: 3, withFileRate: 3 });
  });

  it("choosing the file's rates prices them; the import keeps those rates, the billable rows only", async () => {
    const put = await superAdmin.request({ method: 'PUT', url: `/api/imports/${up.id}/mapping`, payload: { ...up.mapping, rates: 'file' } });
    expect(put.statusCode, put.body).toBe(200);
    const dry = await dryRun(up.id);
    expect(dry.unpriced).toEqual({ timeEntries: 0, withFileRate: 0 });
    const done = await run(up.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.result).toEqual(dry);
    // The import's summary says the same as the dry run: row 5 left out.
    expect(done.result!.nonBillable!.map((r) => r.row)).toEqual([5]);
    const { rows } = await sql<{ description: string; rate: string | null; billable: boolean }>`
      select description, rate::text, billable from time_entries order by entry_date, description`.execute(db());
    expect(rows).toEqual([
      { description: 'Moisture readings, north side', rate: '95.00', billable: true },
      { description: 'Site inspection', rate: '150.00', billable: true },
      { description: 'Report drafting', rate: '150.00', billable: true },
    ]);
    // Oakline's only row to import was the non-billable one: nothing is made for it.
    const oakline = await sql<{ n: number }>`select count(*)::int n from clients where name = 'Oakline Builders'`.execute(db());
    expect(oakline.rows[0]!.n).toBe(0);
    const totals = await sql<{ v: string }>`select coalesce(sum(time_value), 0)::text v from unbilled_totals`.execute(db());
    expect(Number(totals.rows[0]!.v)).toBe(1.5 * 150 + 2.25 * 150 + 4 * 95);
  });

  it('an entry can still never be stored non-billable: the check of the specification holds', async () => {
    const entry = await sql<{ id: string }>`select id from time_entries limit 1`.execute(db());
    await expect(sql`update time_entries set billable = false where id = ${entry.rows[0]!.id}`.execute(db())).rejects.toThrow(/billable/);
  });

  it("new cases and projects are numbered in the firm's series (none yet: this year's)", async () => {
    const yy = await year();
    const { rows } = await sql<{ file_number: string; project_number: string }>`
      select c.file_number, p.project_number from cases c join projects p on p.case_id = c.id order by c.file_number`.execute(db());
    expect(rows).toEqual([{ file_number: `${yy}-0001`, project_number: `${yy}-0001-01` }]);
  });
});

describe("the firm's own series", () => {
  it('continues from the newest case a person typed, past numbers in use', async () => {
    const client = await sql<{ id: string }>`select id from clients where name = 'Harbor Mutual'`.execute(db());
    const clientId = client.rows[0]!.id;
    await sql`insert into cases (client_id, file_number, created_at) values
      (${clientId}, 'HM-0410', now() - interval '1 day'), (${clientId}, 'HM-0411', now() + interval '1 minute'),
      (${clientId}, 'HM-0412', now() - interval '2 days')`.execute(db());
    const csv = [
      'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)',
      'Jane Doe,jane.doe@firm.test,Harbor Mutual,Dock 4,Principal,Survey,Yes,2024-05-06,09:00:00,2024-05-06,10:00:00,01:00:00,,200.00',
      'Jane Doe,jane.doe@firm.test,Harbor Mutual,Dock 5,Principal,Survey,Yes,2024-05-07,09:00:00,2024-05-07,10:00:00,01:00:00,,200.00',
    ].join('\n');
    const up = await uploaded('toggl-series.csv', Buffer.from(csv));
    expect((await run(up.id)).status).toBe('done');
    const { rows } = await sql<{ file_number: string; project_number: string }>`
      select c.file_number, p.project_number from projects p join cases c on c.id = p.case_id
      where p.project_name in ('Dock 4', 'Dock 5') order by p.project_name`.execute(db());
    // The newest case is HM-0411; HM-0412 is in use, so the series goes on at HM-0413.
    expect(rows).toEqual([
      { file_number: 'HM-0413', project_number: 'HM-0413-01' },
      { file_number: 'HM-0414', project_number: 'HM-0414-01' },
    ]);
  });
});
