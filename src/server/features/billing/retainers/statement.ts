import { sql } from 'kysely';
import type { TStatement } from '../../../../core/api/accounting.ts';
import type { PaymentMethod } from '../../../../core/billing/billing.ts';
import { buildStatement, type StatementBill, type StatementCreditNote, type StatementPayment } from '../../../../core/billing/statement.ts';
import type { StatementRetainerEntry } from '../../../../core/billing/statement-retainer.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

// A client's statement of account (issue 24, docs/decisions/085): one round trip reads the
// client's bills, payments and credit notes up to the period's end, each through its
// (client_id, date) index, plus the retainer and client credit held on that day; the arithmetic
// is core/billing/statement.ts.

interface Row {
  id: string;
  name: string;
  bill_to_name: string;
  billing_address: string;
  bills: (Omit<StatementBill, 'total'> & { total: number | string })[];
  payments: (Omit<StatementPayment, 'appliedAmount'> & { appliedAmount: number | string; method: PaymentMethod })[];
  retainer_entries: (Omit<StatementRetainerEntry, 'amount'> & { amount: number | string })[];
  credit_notes: (Omit<StatementCreditNote, 'appliedAmount'> & { appliedAmount: number | string })[];
  retainer: string;
  credit: string;
}

/** A payment or credit note of the client's own bills: a bill to a deposing side is that side's (issue 40). */
const clientsOwn = (alias: string) => sql<boolean>`not exists (select 1 from bills pb where pb.id = ${sql.ref(`${alias}.bill_id`)}
  and pb.payer_testimony_id is not null)`;

export async function clientStatement(db: DbOrTx, options: { clientId: string; from: string; to: string; today?: string }): Promise<TStatement> {
  const { clientId, from, to, today } = options;
  // Draft bills have no issue date and void ones owe nothing: neither is on a statement.
  // A reversal is dated on the firm's day (the connection's time zone) it was made.
  const { rows: [row] } = await sql<Row>`
    select c.id, c.name, c.bill_to_name, c.billing_address,
      (select coalesce(json_agg(json_build_object('id', b.id, 'number', b.number, 'issuedOn', b.issued_on, 'dueOn', b.due_on,
          'total', b.total, 'fileNumber', k.file_number)), '[]')
        from bills b join cases k on k.id = b.case_id
        where b.client_id = c.id and b.issued_on <= ${to} and b.status <> 'void' and b.payer_testimony_id is null) as bills,
      (select coalesce(json_agg(json_build_object('number', p.number, 'billId', p.bill_id, 'receivedOn', p.received_on,
          'method', p.method, 'reference', p.reference, 'appliedAmount', p.applied_amount,
          'reversedOn', p.reversed_at::date, 'reversalReason', p.reversal_reason)), '[]')
        from payments p where p.client_id = c.id and p.received_on <= ${to} and ${clientsOwn('p')}) as payments,
      (select coalesce(json_agg(json_build_object('number', n.number, 'billId', n.bill_id, 'issuedOn', n.issued_on,
          'reason', n.reason, 'appliedAmount', n.applied_amount)), '[]')
        from credit_notes n where n.client_id = c.id and n.issued_on <= ${to} and ${clientsOwn('n')}) as credit_notes,
      (select coalesce(sum(case when r.kind in ('deposit', 'reversal') then r.amount else -r.amount end), 0)
        from retainer_entries r where r.client_id = c.id and r.entry_date <= ${to}) as retainer,
      (select coalesce(json_agg(json_build_object('date', r.entry_date, 'kind', r.kind, 'fileNumber', k.file_number, 'method', r.method,
          'reference', r.reference, 'note', r.note, 'amount', r.amount) order by r.entry_date, r.created_at), '[]')
        from retainer_entries r join cases k on k.id = r.case_id
        where r.client_id = c.id and r.entry_date <= ${to}) as retainer_entries,
      (select coalesce(sum(cc.amount), 0) from client_credits cc where cc.client_id = c.id and cc.entry_date <= ${to}) as credit
    from clients c where c.id = ${clientId}`.execute(db);
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This client was not found.');
  return buildStatement({
    client: { id: row.id, name: row.name, billToName: row.bill_to_name || row.name, billingAddress: row.billing_address },
    from, to,
    bills: row.bills.map((b) => ({ ...b, total: Number(b.total) })),
    payments: row.payments.map((p) => ({ ...p, appliedAmount: Number(p.appliedAmount) })),
    creditNotes: row.credit_notes.map((n) => ({ ...n, appliedAmount: Number(n.appliedAmount) })),
    retainerBalance: Number(row.retainer),
    clientCredit: Number(row.credit),
    retainerEntries: row.retainer_entries.map((r) => ({ ...r, amount: Number(r.amount) })),
    today,
  });
}
