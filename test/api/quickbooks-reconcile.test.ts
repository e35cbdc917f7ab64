import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatement } from '../../src/core/api/accounting.ts';
import { decodeCp1252 } from '../helpers/cp1252.ts';
import { QB_ACCOUNTS } from '../../src/core/billing/qb-ledger.ts';
import { QBO_JOURNAL_COLUMNS } from '../../src/core/billing/quickbooks.ts';
import { issuedBill, payment, post } from '../helpers/bill-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';

// Issue 38: a client's bill goes through a credit note, a retainer deposit and application, a
// payment reversed, a payment beyond the balance (client credit), client credit used on a second
// bill, and a retainer refund; QuickBooks' accounts per client, read back from the IIF (Windows-1252)
// and the CSV, equal the client's statement; the totals file says the same.

let t: TestApp;
let sa: Agent;
let clientId: string;
const CLIENT = 'Hale – Ortiz Builders'; // an en dash: 0x96 in Windows-1252
const period = 'from=2026-01-01&to=2030-12-31';

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r;
};

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('super_admin');
  sa = await t.signIn(user.email);
  const p = await trackedProject(t.database.db, user.id, { clientName: CLIENT });
  // $500 of time and $325 of expenses: $825.00, less a $150.00 credit note: $675.00, as in the issue.
  const made = await issuedBill(sa, t.database.db, user.id, { hours: [5], expenses: [325], p });
  clientId = made.clientId;
  const bill = made.bill.id;
  await ok(post(sa, `/api/bills/${bill}/credit-notes`, { id: randomUUID(), issuedOn: '2026-06-02', reason: 'Rate – corrected', amount: 150 }), 201);
  await ok(post(sa, `/api/cases/${p.caseId}/retainer`, { id: randomUUID(), kind: 'deposit', entryDate: '2026-06-03', amount: 2000, method: 'wire', reference: 'W-1' }), 201);
  await ok(post(sa, `/api/bills/${bill}/payments`, payment({ method: 'retainer', amount: 300, receivedOn: '2026-06-05' })), 201);
  const bounced = payment({ amount: 200, receivedOn: '2026-06-06', reference: '1001' });
  await ok(post(sa, `/api/bills/${bill}/payments`, bounced), 201);
  await ok(post(sa, `/api/payments/${bounced.id}/reverse`, { reason: 'Returned – NSF' }));
  // $375.00 was owed: $25.00 of the $400.00 check is client credit.
  await ok(post(sa, `/api/bills/${bill}/payments`, payment({ amount: 400, receivedOn: '2026-06-07', excessToCredit: true })), 201);
  await ok(post(sa, `/api/cases/${p.caseId}/retainer`, { id: randomUUID(), kind: 'refund', entryDate: '2026-06-20', amount: 500, method: 'check' }), 201);
  const second = await issuedBill(sa, t.database.db, user.id, { hours: [1], p }, '2026-06-21');
  await ok(post(sa, `/api/bills/${second.bill.id}/payments`, payment({ method: 'client_credit', amount: 25, receivedOn: '2026-06-22' })), 201);
});
afterAll(async () => t?.close());

const get = (url: string) => sa.request({ method: 'GET', url });

/** Per account, the sum of the client's lines (debits positive), in cents. */
type Sums = Map<string, number>;
const add = (sums: Sums, account: string, cents: number) => sums.set(account, (sums.get(account) ?? 0) + cents);
const cents = (text: string | undefined) => Math.round(Number(text || 0) * 100);

describe('QuickBooks exports reconcile with the statement', () => {
  let statement: TStatement;
  beforeAll(async () => {
    statement = (await ok(get(`/api/clients/${clientId}/statement?${period}`))).json() as TStatement;
    expect(statement.closingBalance).toBe(75);
    expect(statement.clientCredit).toBe(0);
    expect(statement.retainerBalance).toBe(1200);
  });
  const expected = () => new Map([
    [QB_ACCOUNTS.receivable, Math.round(statement.closingBalance * 100)],
    [QB_ACCOUNTS.clientCredit, 0 - Math.round(statement.clientCredit * 100) + 0],
    [QB_ACCOUNTS.retainers, 0 - Math.round(statement.retainerBalance * 100) + 0],
  ]);

  it('IIF: Windows-1252, every transaction type, balanced, the client\'s accounts equal to the statement', async () => {
    const res = await ok(get(`/api/accounting/export.iif?${period}`));
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1252');
    const bytes = new Uint8Array(res.rawPayload);
    expect(bytes.includes(0x96)).toBe(true);
    expect(bytes.every((b) => b !== 0xe2)).toBe(true); // no UTF-8 en dash (E2 80 93)
    const rows = decodeCp1252(bytes).split('\r\n').filter(Boolean).map((r) => r.split('\t'));
    expect(new Set(rows.filter((r) => r[0] === 'TRNS').map((r) => r[2]))).toEqual(
      new Set(['INVOICE', 'CREDIT MEMO', 'DEPOSIT', 'PAYMENT', 'GENERAL JOURNAL', 'CHECK']));
    const sums: Sums = new Map();
    let open = 0;
    for (const r of rows.slice(3)) {
      if (r[0] === 'ENDTRNS') { expect(open).toBe(0); continue; }
      open += cents(r[6]);
      expect(r[5]).toBe(CLIENT);
      add(sums, r[4]!, cents(r[6]));
    }
    for (const [account, value] of expected()) expect([account, sums.get(account) ?? 0]).toEqual([account, value]);
    expect(rows.find((r) => r[2] === 'CREDIT MEMO')?.[8]).toMatch(/Rate – corrected$/);
  });

  it('CSV: journal entries of every type, balanced, the client\'s accounts equal to the statement', async () => {
    const res = await ok(get(`/api/accounting/export.csv?${period}`));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [head, ...lines] = res.body.split('\r\n').filter(Boolean);
    expect(head).toBe(QBO_JOURNAL_COLUMNS.join(','));
    const sums: Sums = new Map();
    const journals = new Map<string, number>();
    const types = new Set<string>();
    for (const line of lines) {
      // The name is the last field, quoted when it holds a comma; the rest have none before the description.
      const [no, date, type, account, debit, credit] = line.split(',');
      const value = cents(debit) - cents(credit);
      types.add(type!);
      add(sums, account!, value);
      journals.set(`${no} ${date}`, (journals.get(`${no} ${date}`) ?? 0) + value);
      expect(line.endsWith(`,${CLIENT}`)).toBe(true);
    }
    expect([...journals.values()].every((v) => v === 0)).toBe(true);
    expect(types).toEqual(new Set(['Invoice', 'Credit Memo', 'Deposit', 'Payment', 'Journal Entry', 'Refund']));
    for (const [account, value] of expected()) expect([account, sums.get(account) ?? 0]).toEqual([account, value]);
  });

  it('totals: the client\'s row says the statement\'s closing balance, retainer and client credit', async () => {
    const res = await ok(get(`/api/accounting/export-totals.csv?${period}`));
    expect(res.headers['content-disposition']).toBe('attachment; filename="QuickBooks-2026-01-01-to-2030-12-31-totals.csv"');
    const [head, row, total] = res.body.split('\r\n').filter(Boolean).map((l) => l.split(','));
    expect(head).toEqual(['Client', 'Opening balance', 'Invoiced', 'Paid', 'Reversed', 'Credited', 'Closing balance',
      'Retainer deposited', 'Retainer applied', 'Retainer refunded', 'Retainer held', 'Client credit']);
    expect(row).toEqual([CLIENT, '0.00', '925.00', '900.00', '200.00', '150.00', '75.00', '2000.00', '300.00', '500.00', '1200.00', '0.00']);
    expect(row![6]).toBe(statement.closingBalance.toFixed(2));
    expect(total![0]).toBe('Total');
  });
});
