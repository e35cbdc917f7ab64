import { sql } from 'kysely';
import type { TBillReminders } from '../../../core/api/reminders.ts';
import type { TMailStatus } from '../../../core/api/mail.ts';
import { formatCurrency } from '../../../core/money.ts';
import { statementFileName } from '../../../core/billing/statement-pdf.ts';
import {
  billReminderKey, billReminderStep, billReminderSubject, billReminderText, daysPastDue,
} from '../../../core/time/time-bill-reminders.ts';
import type { Db } from '../../db/connection.ts';
import { loadLetterhead } from '../../documents/firm-letterhead.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import { clientStatement, payerStatement } from '../billing/index.ts';
import { queueMail } from '../mail/index.ts';
import { readReminderSettings } from './settings.ts';

interface DueBill {
  id: string;
  number: number;
  client_id: string;
  payer_testimony_id: string | null;
  issued_on: string;
  due_on: string;
  balance: string;
  bill_to_name: string;
  client_name: string;
  email: string | null;
  sent: number[];
}

export interface BillReminderRun {
  queued: { billId: string; step: number }[];
  /** Past due, a step reached, but no e-mail address on the client: nothing can be sent. */
  noAddress: string[];
}

/**
 * Reminders of past-due bills (issue 41, docs/decisions/134), off unless Settings → Reminders turns
 * them on: an issued bill with a balance, 7, 30 and 60 days past due, is reminded to its payer with
 * the payer's statement of account as a PDF (rendered by the document workers, off the event loop):
 * the client's e-mail address and statement, or for a bill to the deposing side (issue 40) the
 * deposing law firm's address and that party's statement, never the retaining client's
 * (docs/decisions/221). A (bill, step) row and its message are written in one transaction, once.
 */
export async function sendBillReminders(
  db: Db, options: { today: string; documents: DocumentPool; firmName: string },
): Promise<BillReminderRun> {
  const run: BillReminderRun = { queued: [], noAddress: [] };
  if (!(await readReminderSettings(db)).billRemindersEnabled) return run;
  const bills = (await sql<DueBill>`
    select b.id, b.number, b.client_id, b.payer_testimony_id, b.issued_on, b.due_on, b.balance,
      coalesce(nullif(b.bill_to_name, ''), c.bill_to_name, c.name) as bill_to_name, c.name as client_name,
      case when b.payer_testimony_id is null then c.email else lf.email end as email,
      coalesce((select array_agg(r.step) from bill_reminders r where r.bill_id = b.id), '{}') as sent
    from bills b join clients c on c.id = b.client_id
      left join testimony_events t on t.id = b.payer_testimony_id
      left join law_firms lf on lf.id = t.payer_law_firm_id
    where b.status in ('issued', 'partially_paid') and b.balance > 0 and b.due_on is not null
      and b.due_on <= ${options.today}::date - 7
    order by b.number`.execute(db)).rows;
  for (const bill of bills) {
    const step = billReminderStep(daysPastDue(bill.due_on, options.today), bill.sent.map(Number));
    if (step === null) continue;
    const to = bill.email?.trim();
    if (!to) {
      run.noAddress.push(bill.id);
      continue;
    }
    // Rendered before the transaction: a PDF takes a moment, and the database is not held meanwhile.
    const period = { from: bill.issued_on, to: options.today, today: options.today };
    const statement = bill.payer_testimony_id
      ? await payerStatement(db, { testimonyId: bill.payer_testimony_id, ...period })
      : await clientStatement(db, { clientId: bill.client_id, ...period });
    const { remittance, ...letterhead } = await loadLetterhead(db, options.firmName);
    const pdf = await options.documents.pdf('statement', { statement, remittance }, letterhead);
    const queued = await db.transaction().execute(async (tx) => {
      const claimed = await tx.insertInto('bill_reminders').values({ bill_id: bill.id, step, to_address: to })
        .onConflict((oc) => oc.doNothing()).returning('bill_id').executeTakeFirst();
      if (!claimed) return false;
      const mail = await queueMail(tx, {
        key: billReminderKey(bill.id, step),
        to,
        subject: billReminderSubject({ firmName: options.firmName, number: bill.number, step }),
        text: billReminderText({
          billToName: bill.bill_to_name, number: bill.number, dueOn: bill.due_on, step, balance: formatCurrency(Number(bill.balance)),
          firmName: options.firmName,
        }),
        attachments: [{ filename: statementFileName(statement), contentType: 'application/pdf', content: pdf }],
        hasMoney: true,
        kind: 'bill-reminder',
      });
      await tx.updateTable('bill_reminders').set({ message_id: mail.id }).where('bill_id', '=', bill.id).where('step', '=', step).execute();
      return true;
    });
    if (queued) run.queued.push({ billId: bill.id, step });
  }
  return run;
}

/** Every reminder of a bill, oldest first, with its message's state (the bill's page; super admins only). */
export async function billRemindersOf(db: Db, billId: string): Promise<TBillReminders> {
  const rows = (await sql<{
    step: number; to_address: string; created_at: Date | string; message_id: string | null; subject: string | null;
    status: TMailStatus | null; last_error: string | null; sent_at: Date | string | null; files: string[] | null;
  }>`
    select r.step, r.to_address, r.created_at, r.message_id, m.subject, m.status, m.last_error, m.sent_at,
      (select array_agg(a.filename order by a.position) from mail_attachments a where a.message_id = m.id) as files
    from bill_reminders r left join mail_messages m on m.id = r.message_id
    where r.bill_id = ${billId} order by r.step`.execute(db)).rows;
  return {
    items: rows.map((r) => ({
      step: r.step, to: r.to_address, subject: r.subject, status: r.status, error: r.last_error, messageId: r.message_id,
      at: new Date(r.sent_at ?? r.created_at).toISOString(), attachments: r.files ?? [],
    })),
  };
}
