import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

/** The retainer the case's letter asks for (money: super admins only). */
export async function retainerRequested(db: DbOrTx, caseId: string) {
  const row = await db.selectFrom('cases').select('retainer_requested').where('id', '=', caseId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return { retainerRequested: row.retainer_requested === null ? null : Number(row.retainer_requested) };
}

export async function setRetainerRequested(db: DbOrTx, options: { actorId: string; caseId: string; amount: number | null }) {
  await withActor(db, options.actorId, async (tx) => {
    const done = await tx.updateTable('cases').set({ retainer_requested: options.amount }).where('id', '=', options.caseId).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError('RECORD_NOT_FOUND');
  });
  return retainerRequested(db, options.caseId);
}
