// Money stays with super admins in the audit log too (docs/decisions/075): the one list of money
// columns in src/core/audit/audit.ts is checked against the migrated schema, and every money table's audit
// rows are read as admin (no money field, name or value, anywhere) and as super admin (all of it).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_COLUMNS } from '../../src/core/audit/audit.ts';
import { AUDITED_TABLES } from '../../src/core/audit/audit-fields.ts';
import { logExpense, logTime } from '../helpers/report-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

let t: TestApp;
let superAdmin: Agent;
let admin: Agent;
let superAdminId: string;
beforeAll(async () => {
  t = await createTestApp();
  const sa = await t.user('super_admin');
  superAdminId = sa.id;
  [superAdmin, admin] = await Promise.all([t.signIn(sa.email), t.signIn((await t.user('admin')).email)]);
});
afterAll(async () => t?.close());

// The money rule: a column named for money (rate, cost, amount, total, price, fee, value, balance,
// expenses, payment, retainer), whatever its number or JSON type; and every number on a table of
// bills, invoices, payments or retainers (a bill's hours). Keys, dates, flags and times never are.
const MONEY_NAME = /(^|_)(rates?|costs?|amounts?|totals?|prices?|fees?|values?|balances?|expenses|payments?|retainers?)(_|$)/;
const MONEY_TABLE = /bill|invoice|payment|retainer/;
const NOT_MONEY = /^(uuid|date|time.*|timestamp.*|boolean)$/;
const NUMBER = /^(numeric|money|real|double precision)$/;
const isMoneyColumn = (table: string, column: string, type: string) =>
  !NOT_MONEY.test(type) && (MONEY_NAME.test(column) || (MONEY_TABLE.test(table) && NUMBER.test(type)));

const listed = MONEY_COLUMNS as Record<string, readonly string[]>;

describe('the one list of money columns', () => {
  it('names every money column of every table of the migrated schema, and no column that is not there', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(t.database.db);
    const money = rows.filter((r) => isMoneyColumn(r.table_name, r.column_name, r.data_type)).map((r) => `${r.table_name}.${r.column_name}`);
    const missing = money.filter((c) => { const [table, column] = c.split('.'); return !listed[table!]?.includes(column!); });
    expect(missing, 'money columns missing from MONEY_COLUMNS in src/core/audit/audit.ts').toEqual([]);
    expect(money).toContain('bills.hours');
    const all = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
    const stale = Object.entries(listed).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)).filter((c) => !all.has(c));
    expect(stale, 'MONEY_COLUMNS names columns the schema does not have').toEqual([]);
  });

  it('covers every audited table: the tables with an audit trigger are exactly AUDITED_TABLES, and each has its entry', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct c.relname as table_name from pg_trigger g
      join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid join pg_namespace n on n.oid = c.relnamespace
      where not g.tgisinternal and p.proname like 'audit%' and n.nspname = current_schema()`.execute(t.database.db);
    expect(rows.map((r) => r.table_name).sort()).toEqual([...AUDITED_TABLES].sort());
    for (const table of AUDITED_TABLES) expect(listed[table], table).toBeDefined();
  });

  it('agrees with the rule on the columns the brief names', () => {
    expect(isMoneyColumn('bills', 'hours', 'numeric')).toBe(true);
    expect(isMoneyColumn('time_entries', 'hours', 'numeric')).toBe(false);
    expect(isMoneyColumn('bills', 'number', 'integer')).toBe(false);
    expect(isMoneyColumn('cases', 'rate_code_id', 'uuid')).toBe(false);
    expect(isMoneyColumn('case_rate_assignments', 'custom_rates', 'jsonb')).toBe(true);
    expect(isMoneyColumn('payments', 'received', 'numeric')).toBe(true);
  });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Every key and every `field` value in a JSON body. */
function namesIn(value: Json, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => namesIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      if (k === 'field' && typeof v === 'string') out.push(v);
      namesIn(v, out);
    }
  }
  return out;
}

/** Every value of the answer but timestamps, one per line: a money value must not hide in them ('03:27:32.756Z' holds '2.75'). */
function valuesIn(value: Json, out: string[] = []): string {
  if (Array.isArray(value)) value.forEach((v) => valuesIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => valuesIn(v, out));
  else if (!(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))) out.push(String(value));
  return out.join('\n');
}

describe('audit rows of money tables', () => {
  const RATE = '987.65';
  const EXPENSE = '4321.09';
  const HOURS = '2.75';
  const TIME_TOTAL = '2716.04'; // 2.75 × 987.65, to the cent
  const WRITTEN_DOWN = '4000.17'; // the expense line as billed
  const PAYMENT = '1234.56';
  const CREDIT = '555.44';
  const TABLES = ['time_entries', 'expense_entries', 'bills', 'bill_adjustments', 'payments', 'credit_notes'] as const;
  let ids: Record<(typeof TABLES)[number], string>;
  let projectId: string;
  let caseId: string;

  beforeAll(async () => {
    const p = await trackedProject(t.database.db, superAdminId, { clientName: 'Money Audit Co' });
    projectId = p.projectId;
    caseId = p.caseId;
    await sql`update rate_code_items set rate = ${RATE} where rate_code_id = ${p.rateCodeId} and job_type = 'Consultant'`.execute(t.database.db);
    const time = await logTime(superAdmin, p.projectId, { entryDate: '2026-05-04', hours: Number(HOURS) });
    const expense = await logExpense(superAdmin, p.projectId, { entryDate: '2026-05-05', amount: Number(EXPENSE) });
    const made = await superAdmin.request({ method: 'POST', url: '/api/bills', payload: {
      id: randomUUID(), caseId: p.caseId, periodStart: '2026-05-01', periodEnd: '2026-05-31', timeEntryIds: [time.id], expenseEntryIds: [expense.id],
    } });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json();
    const post = async (url: string, payload: object) => {
      const res = await superAdmin.request({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const adjusted = await post(`/api/bills/${bill.id}/lines/${expense.id}/adjust`, { version: bill.version, amount: Number(WRITTEN_DOWN), reason: 'Courtesy' });
    await post(`/api/bills/${bill.id}/issue`, { version: adjusted.version, issuedOn: '2026-06-01' });
    const paid = await post(`/api/bills/${bill.id}/payments`, { id: randomUUID(), receivedOn: '2026-06-15', amount: Number(PAYMENT), method: 'check' });
    const credited = await post(`/api/bills/${bill.id}/credit-notes`, { id: randomUUID(), issuedOn: '2026-06-16', reason: 'Goodwill', amount: Number(CREDIT) });
    const { id: adjustmentId } = await t.database.db.selectFrom('bill_adjustments').select('id').where('bill_id', '=', bill.id).executeTakeFirstOrThrow();
    ids = {
      time_entries: time.id, expense_entries: expense.id, bills: bill.id, bill_adjustments: adjustmentId,
      payments: paid.payments[0].id, credit_notes: credited.creditNotes[0].id,
    };
  });

  const moneyValues = (table: keyof typeof ids) => ({
    bills: [HOURS, TIME_TOTAL, EXPENSE, WRITTEN_DOWN], time_entries: [RATE, TIME_TOTAL], expense_entries: [EXPENSE],
    bill_adjustments: [EXPENSE, WRITTEN_DOWN], payments: [PAYMENT], credit_notes: [CREDIT],
  })[table];
  const shownToSuper = { time_entries: RATE, expense_entries: EXPENSE, bills: TIME_TOTAL, bill_adjustments: WRITTEN_DOWN, payments: PAYMENT, credit_notes: CREDIT };

  it.each(TABLES)('%s: an admin reads no money field, name or value; a super admin reads them', async (table) => {
    const url = `/api/audit?rowId=${ids[table]}`;
    const forAdmin = await admin.request({ method: 'GET', url });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json().entries.length).toBeGreaterThan(0);
    const names = namesIn(forAdmin.json());
    for (const column of listed[table]!) expect(names, `${table}.${column}`).not.toContain(column);
    for (const value of moneyValues(table)) expect(valuesIn(forAdmin.json()), value).not.toContain(value);

    const forSuper = await superAdmin.request({ method: 'GET', url });
    const superNames = namesIn(forSuper.json());
    const shown = listed[table]!.filter((c) => superNames.includes(c));
    expect(shown.length, `${table}: a super admin sees its money`).toBeGreaterThan(0);
    expect(forSuper.body).toContain(shownToSuper[table]);
  });

  it('the table filter of the browser and the History panels of case and project carry no money for an admin', async () => {
    const urls = [...TABLES.map((table) => `/api/audit?table=${table}&limit=200`), '/api/audit?limit=200', `/api/audit/history/cases/${caseId}`, `/api/audit/history/projects/${projectId}`];
    for (const url of urls) {
      const res = await admin.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const names = namesIn(res.json());
      for (const column of ['rate', 'amount', 'hours', 'time_total', 'expense_total', 'value_cents', 'amount_cents']) {
        if (column === 'hours' && !url.includes('bills')) continue; // an entry's hours are not money
        expect(names, `${url}: ${column}`).not.toContain(column);
      }
      for (const value of [RATE, EXPENSE, TIME_TOTAL, WRITTEN_DOWN, PAYMENT, CREDIT]) expect(valuesIn(res.json()), `${url}: ${value}`).not.toContain(value);
    }
  });
});
