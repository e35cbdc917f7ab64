import { sql } from 'kysely';
import type { TClientCredit } from '../../../../core/api/accounting.ts';
import { roundToCents } from '../../../../core/money.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

// A client's credit (issue 24): what it paid or was credited beyond its bills, less what it has
// used to pay others; the sum of its client_credits rows, never below zero.

export async function clientCredit(db: DbOrTx, clientId: string): Promise<TClientCredit> {
  const row = await db.selectFrom('clients').where('clients.id', '=', clientId)
    .select((eb) => eb.selectFrom('client_credits').whereRef('client_credits.client_id', '=', 'clients.id')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('sum')).as('balance'))
    .executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This client was not found.');
  return { clientId, balance: roundToCents(Number(row.balance)) };
}
