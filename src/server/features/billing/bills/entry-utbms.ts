import type { TEntryUtbms } from '../../../../core/api/ledes.ts';
import { normalizeCode } from '../../../../core/billing/billing-codes.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

const TIME_NOT_ON_BILL_MESSAGE = 'This time entry is not on this bill.';

// UTBMS codes per time entry (issue 38): set on a line of a bill (draft or issued: the codes say
// what the work was for the client's e-billing system, not its hours or money), empty to fall back
// to the job title's codes.

export async function setEntryUtbms(db: DbOrTx, options: {
  actorId: string; billId: string; entryId: string; taskCode: string; activityCode: string;
}): Promise<TEntryUtbms> {
  const taskCode = normalizeCode(options.taskCode);
  const activityCode = normalizeCode(options.activityCode);
  return withActor(db, options.actorId, async (tx) => {
    const entry = await tx.updateTable('time_entries').set({ utbms_task_code: taskCode, utbms_activity_code: activityCode })
      .where('id', '=', options.entryId).where('bill_id', '=', options.billId).returning('job_type').executeTakeFirst();
    if (!entry) throw new AppError('RECORD_NOT_FOUND', TIME_NOT_ON_BILL_MESSAGE);
    const title = await tx.selectFrom('billing_codes').select(['task_code', 'activity_code'])
      .where('kind', '=', 'job_title').where('name', '=', entry.job_type).executeTakeFirst();
    return {
      entryId: options.entryId, taskCode, activityCode,
      effectiveTaskCode: taskCode || title?.task_code || '', effectiveActivityCode: activityCode || title?.activity_code || '',
    };
  });
}
