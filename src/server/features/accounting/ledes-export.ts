import { ledesFile, ledesFileName, ledesProblem } from '../../../core/ledes.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { billDetail } from './bill-read.ts';

/** The LEDES 1998B file of an issued bill, with its name; a draft or a void bill is refused (409). */
export async function ledesExport(db: DbOrTx, billId: string): Promise<{ fileName: string; text: string }> {
  const bill = await billDetail(db, billId);
  const problem = ledesProblem(bill.status);
  if (problem) throw new AppError('EDIT_CONFLICT', problem);
  const [client, firm, codes, time] = await Promise.all([
    db.selectFrom('clients').select('ledes_client_id').where('id', '=', bill.clientId).executeTakeFirstOrThrow(),
    db.selectFrom('firm_profile').select('ledes_firm_id').where('id', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('billing_codes').selectAll().execute(),
    db.selectFrom('time_entries').select(['id', 'user_id']).where('bill_id', '=', billId).execute(),
  ]);
  const text = ledesFile(bill, {
    clientId: client.ledes_client_id || bill.clientId,
    lawFirmId: firm.ledes_firm_id,
    codes: {
      jobTitles: new Map(codes.filter((c) => c.kind === 'job_title').map((c) => [c.name, { taskCode: c.task_code, activityCode: c.activity_code }])),
      expenseTypes: new Map(codes.filter((c) => c.kind === 'expense_type').map((c) => [c.name, c.expense_code])),
    },
    timekeepers: new Map(time.map((t) => [t.id, t.user_id])),
  });
  return { fileName: ledesFileName(bill.number), text };
}
