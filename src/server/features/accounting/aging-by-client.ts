import type { TAgingByClient } from '../../../core/api/aging.ts';
import { agingByClient } from '../../../core/aging-by-client.ts';
import { OPEN_STATUSES } from '../../../core/billing.ts';
import type { DbOrTx } from '../../db/connection.ts';

// A/R aging by client (issue 38): the open bills' balances and dates (bills_open_idx holds them
// all: an index-only scan), summed per client in core so the screen, CSV and PDF agree.

export async function receivablesByClient(db: DbOrTx, today: string): Promise<TAgingByClient> {
  const rows = await db.selectFrom('bills').innerJoin('clients', 'clients.id', 'bills.client_id')
    .select(['bills.client_id', 'clients.name', 'bills.due_on', 'bills.issued_on', 'bills.balance'])
    .where('bills.status', 'in', OPEN_STATUSES).execute();
  return agingByClient(rows.map((r) => ({
    clientId: r.client_id, clientName: r.name, dueOn: r.due_on, issuedOn: r.issued_on, balance: Number(r.balance),
  })), today);
}
