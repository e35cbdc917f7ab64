import { sql } from 'kysely';
import type { TStatement } from '../../../../core/api/accounting.ts';
import { buildStatement } from '../../../../core/billing/statement.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

// The deposing party's statement of account (issue 40, docs/decisions/137): its bills (every
// deposition it noticed and was billed for: the same law firm, else the same name), their payments
// and credit notes, under its name, address and matter id. It holds no retainer or credit of ours.

export async function payerStatement(db: DbOrTx, options: { testimonyId: string; from: string; to: string; today?: string }): Promise<TStatement> {
  const { from, to, today } = options;
  const te = await db.selectFrom('testimony_events')
    .select(['id', 'payer_law_firm_id', 'payer_name', 'payer_contact', 'payer_address', 'payer_matter_id'])
    .where('id', '=', options.testimonyId).where('bills_deposing_side', '=', true).executeTakeFirst();
  if (!te) throw new AppError('RECORD_NOT_FOUND', 'This deposition was not noticed by another party.');
  const samePayer = te.payer_law_firm_id
    ? sql<boolean>`t.payer_law_firm_id = ${te.payer_law_firm_id}` : sql<boolean>`t.payer_law_firm_id is null and t.payer_name = ${te.payer_name}`;
  const bills = await db.selectFrom('bills as b').innerJoin('testimony_events as t', 't.id', 'b.payer_testimony_id')
    .innerJoin('cases as k', 'k.id', 'b.case_id')
    .select(['b.id', 'b.number', 'b.issued_on', 'b.due_on', 'b.total', 'k.file_number'])
    .where(samePayer).where('b.issued_on', '<=', to).where('b.status', '<>', 'void').execute();
  const ids = bills.map((b) => b.id);
  const [payments, notes] = ids.length === 0 ? [[], []] : await Promise.all([
    db.selectFrom('payments').select(['number', 'bill_id', 'received_on', 'method', 'reference', 'applied_amount', 'reversal_reason'])
      .select(sql<string | null>`reversed_at::date`.as('reversed_on')).where('bill_id', 'in', ids).where('received_on', '<=', to).execute(),
    db.selectFrom('credit_notes').select(['number', 'bill_id', 'issued_on', 'reason', 'applied_amount'])
      .where('bill_id', 'in', ids).where('issued_on', '<=', to).execute(),
  ]);
  const address = [te.payer_contact ? `Attn: ${te.payer_contact}` : '', te.payer_address, te.payer_matter_id ? `Your matter: ${te.payer_matter_id}` : '']
    .filter(Boolean).join('\n');
  return buildStatement({
    client: { id: te.id, name: te.payer_name, billToName: te.payer_name, billingAddress: address },
    from, to, today,
    bills: bills.map((b) => ({ id: b.id, number: b.number, issuedOn: b.issued_on!, dueOn: b.due_on, total: Number(b.total), fileNumber: b.file_number })),
    payments: payments.map((p) => ({
      number: p.number, billId: p.bill_id, receivedOn: p.received_on, method: p.method, reference: p.reference,
      appliedAmount: Number(p.applied_amount), reversedOn: p.reversed_on, reversalReason: p.reversal_reason,
    })),
    creditNotes: notes.map((n) => ({ number: n.number, billId: n.bill_id, issuedOn: n.issued_on, reason: n.reason, appliedAmount: Number(n.applied_amount) })),
    retainerBalance: 0, clientCredit: 0, retainerEntries: [],
  });
}
