import { ledesFile, ledesFileName, ledesMissing, ledesProblem } from '../../../../core/billing/ledes.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { billDetail } from '../bills/bill-read.ts';

/**
 * The LEDES 1998B file of an issued bill, with its name. A draft or a void bill is refused (409); so
 * is a bill whose firm, client or case lacks an id the e-billing system needs (400, the field named).
 */
export async function ledesExport(db: DbOrTx, billId: string): Promise<{ fileName: string; text: string }> {
  const bill = await billDetail(db, billId);
  const problem = ledesProblem(bill.status);
  if (problem) throw new AppError('EDIT_CONFLICT', problem);
  const [client, firm, codes, time] = await Promise.all([
    db.selectFrom('clients').select('ledes_client_id').where('id', '=', bill.clientId).executeTakeFirstOrThrow(),
    db.selectFrom('firm_profile').select('ledes_firm_id').where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('billing_codes').selectAll().execute(),
    db.selectFrom('time_entries').select(['id', 'user_id', 'utbms_task_code', 'utbms_activity_code']).where('bill_id', '=', billId).execute(),
  ]);
  // A bill to the deposing side (issue 40) names that party by the one id it gave us, its matter id.
  const clientId = bill.payerTestimonyId ? bill.clientMatterId : client.ledes_client_id;
  const ids = { ledesFirmId: firm?.ledes_firm_id ?? '', ledesClientId: clientId, clientMatterId: bill.clientMatterId };
  const missing = ledesMissing(ids);
  if (missing) throw refuse(missing.field, missing.message, 'required');
  const text = ledesFile(bill, {
    clientId: ids.ledesClientId,
    lawFirmId: ids.ledesFirmId,
    codes: {
      jobTitles: new Map(codes.filter((c) => c.kind === 'job_title').map((c) => [c.name, { taskCode: c.task_code, activityCode: c.activity_code }])),
      expenseTypes: new Map(codes.filter((c) => c.kind === 'expense_type').map((c) => [c.name, c.expense_code])),
    },
    timekeepers: new Map(time.map((t) => [t.id, t.user_id])),
    entryCodes: new Map(time.map((t) => [t.id, { taskCode: t.utbms_task_code, activityCode: t.utbms_activity_code }])),
  });
  return { fileName: ledesFileName(bill.number), text };
}
