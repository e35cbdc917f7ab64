// Demo billing (issue 24): a few months of the firm's money, made through the same services the
// screens use, so every bill, payment and retainer row is one a person could have made: a bill paid
// in full, one partly paid, one paid from the case's retainer (now below its threshold), one
// overdue, and a draft still being shaped.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { updateDraft } from '../features/billing/bills/bill-drafts.ts';
import { createBill, moveBill } from '../features/billing/bills/bills.ts';
import { unbilledCases, unbilledLines } from '../features/billing/bills/lines.ts';
import { recordPayment } from '../features/billing/payments/payments.ts';
import { addRetainerEntry, setRetainerThreshold } from '../features/billing/retainers/retainers.ts';
import { addDays } from '../../core/dates/iso-date.ts';

const BILLING_ADDRESSES = [
  'Attn: Accounts Payable\n1200 Harbor Boulevard, Suite 400\nWeehawken, NJ 07086',
  '45 Route 9 North\nManalapan, NJ 07726',
  '88 Main Street\nLittle Falls, NJ 07424',
  '350 Fifth Avenue, 21st Floor\nNew York, NY 10118',
  '17 Park Place\nMorristown, NJ 07960',
];

const REMITTANCE = 'Please make checks payable to the firm and write the bill number on the check.\n'
  + 'ACH or wire: First Jersey Bank, routing 021200339, account 4410 2298 7731.';

export async function seedDemoBilling(db: Db, options: { actorId: string; today: string }) {
  const { actorId, today } = options;
  await db.updateTable('firm_profile').set({ remittance: REMITTANCE }).where('id', '=', 1).execute();
  const cases = (await unbilledCases(db)).cases.filter((c) => c.oldestDate <= addDays(today, -90) && c.entries >= 8).slice(0, 5);
  const billed: { id: string; caseId: string; total: number }[] = [];
  for (const [i, kase] of cases.entries()) {
    const kaseRow = await db.selectFrom('cases').select('client_id').where('id', '=', kase.caseId).executeTakeFirstOrThrow();
    await db.updateTable('clients').set({ billing_address: BILLING_ADDRESSES[i % BILLING_ADDRESSES.length]! })
      .where('id', '=', kaseRow.client_id).execute();
    const last = i === cases.length - 1;
    // Issued 20, 35, 50 and 65 days ago, each for the work before it; the draft for all work until yesterday.
    const issueAgo = 20 + i * 15;
    const periodEnd = addDays(today, last ? -1 : -issueAgo - 1);
    const lines = await unbilledLines(db, { caseId: kase.caseId, from: kase.oldestDate, to: periodEnd });
    if (lines.length === 0) continue;
    const bill = await createBill(db, {
      actorId,
      body: {
        id: randomUUID(), caseId: kase.caseId, periodStart: kase.oldestDate, periodEnd,
        timeEntryIds: lines.filter((l) => l.kind === 'time').map((l) => l.id),
        expenseEntryIds: lines.filter((l) => l.kind === 'expense').map((l) => l.id),
      },
    });
    if (last) {
      // The last one stays a draft, with a note for the client.
      await updateDraft(db, { id: bill.id, actorId, body: { version: bill.version, note: 'Thank you for your business.' } });
      continue;
    }
    const issued = await moveBill(db, { id: bill.id, action: 'issue', version: bill.version, actorId, date: addDays(today, -issueAgo), today });
    billed.push({ id: issued.id, caseId: issued.caseId, total: issued.total });
  }
  const pay = (billId: string, amount: number, receivedOn: string, method: 'check' | 'ach' | 'retainer', reference = '') =>
    recordPayment(db, { billId, actorId, body: { id: randomUUID(), receivedOn, amount, method, reference } });
  const [full, partial, fromRetainer] = billed;
  if (full) await pay(full.id, full.total, addDays(today, -6), 'check', 'Check 10482');
  if (partial) await pay(partial.id, Math.round(partial.total * 40) / 100, addDays(today, -12), 'ach', 'Trace 7731-0925');
  if (fromRetainer) {
    // What is left after the bill is below the $2,000.00 threshold: the dashboard's notice.
    const deposit = Math.ceil(fromRetainer.total / 100) * 100 + 1200;
    await addRetainerEntry(db, {
      caseId: fromRetainer.caseId, actorId,
      body: { id: randomUUID(), kind: 'deposit', entryDate: addDays(today, -60), amount: deposit, method: 'Wire', reference: 'Initial retainer' },
    });
    await setRetainerThreshold(db, { caseId: fromRetainer.caseId, threshold: 2000, actorId });
    await pay(fromRetainer.id, fromRetainer.total, addDays(today, -45), 'retainer');
  }
}
