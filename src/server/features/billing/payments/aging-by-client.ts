import type { TAgingByClient } from '../../../../core/api/aging.ts';
import { agingByClient } from '../../../../core/billing/aging-by-client.ts';
import { OPEN_STATUSES } from '../../../../core/billing/billing.ts';
import type { DbOrTx } from '../../../db/connection.ts';

// A/R aging by client (issue 38): the open bills' balances and dates, summed per client in core so
// the screen, CSV and PDF agree; a bill to a deposing party under that party (issue 40, docs/decisions/143).

export async function receivablesByClient(db: DbOrTx, today: string): Promise<TAgingByClient> {
  const rows = await db.selectFrom('bills').innerJoin('clients', 'clients.id', 'bills.client_id')
    .leftJoin('testimony_events as te', 'te.id', 'bills.payer_testimony_id')
    .select(['bills.client_id', 'clients.name', 'bills.due_on', 'bills.issued_on', 'bills.balance', 'bills.bill_to_name',
      'te.payer_law_firm_id', 'te.payer_name'])
    .where('bills.status', 'in', OPEN_STATUSES).execute();
  return agingByClient(rows.map((r) => ({
    clientId: r.client_id, clientName: r.name, dueOn: r.due_on, issuedOn: r.issued_on, balance: Number(r.balance),
    // A bill to a deposing party is owed by that party (its law firm, else its name: as its statement groups them).
    payer: r.payer_name === null ? null : { key: r.payer_law_firm_id ?? `name:${r.payer_name}`, name: r.bill_to_name || r.payer_name },
  })), today);
}
