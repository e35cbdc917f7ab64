import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ZConflictDecisionBody } from '../../../core/api/conflicts.ts';
import { CONFLICT_MESSAGES, WAIVER_MESSAGE, waiverContentType } from '../../../core/cases/conflict-status.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { getCheck } from './checks-service.ts';

// The decision on a check (docs/decisions/120): once, never edited; a waiver is uploaded first and
// named by the decision that clears with it.

/** Keeps the signed waiver (one file, checked by its content) and answers its id and SHA-256. */
export async function storeWaiver(db: DbOrTx, options: { actorId: string; file: UploadedFile | undefined }) {
  const { file } = options;
  if (!file || file.bytes.length === 0) throw refuse('file', 'Please choose the signed waiver to upload.', 'required');
  const contentType = waiverContentType(file.bytes.subarray(0, 8));
  if (!contentType) throw refuse('file', WAIVER_MESSAGE, 'file_type');
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const fileName = (file.fileName || 'waiver').slice(0, 200);
  const row = await withActor(db, options.actorId, (tx) => tx.insertInto('conflict_waivers').values({
    file_name: fileName, content_type: contentType, bytes: file.bytes, sha256, uploaded_by: options.actorId,
  }).returning('id').executeTakeFirstOrThrow());
  return { id: row.id, fileName, sha256, bytes: file.bytes.length };
}

export async function readWaiver(db: DbOrTx, id: string) {
  const row = await db.selectFrom('conflict_waivers').select(['file_name', 'content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

export async function decide(db: DbOrTx, options: { actorId: string; checkId: string; body: z.output<typeof ZConflictDecisionBody> }) {
  const { body } = options;
  if (body.decision === 'cleared_with_waiver' && !body.waiverId) throw refuse('waiverId', CONFLICT_MESSAGES.waiverRequired, 'required');
  if (body.decision !== 'cleared_with_waiver' && body.waiverId) throw refuse('waiverId', CONFLICT_MESSAGES.waiverOnlyWithWaiver, 'only_with_waiver');
  await withActor(db, options.actorId, async (tx) => {
    const check = await tx.selectFrom('conflict_checks').select(['id', 'case_id', 'subject']).where('id', '=', options.checkId)
      .forUpdate().executeTakeFirst();
    if (!check) throw new AppError('RECORD_NOT_FOUND');
    const taken = await tx.selectFrom('conflict_decisions').select('id').where('check_id', '=', check.id).executeTakeFirst();
    if (taken) throw new AppError('EDIT_CONFLICT', CONFLICT_MESSAGES.alreadyDecided);
    if (body.waiverId) {
      const waiver = await tx.selectFrom('conflict_waivers').select('id').where('id', '=', body.waiverId).executeTakeFirst();
      const used = await tx.selectFrom('conflict_decisions').select('id').where('waiver_id', '=', body.waiverId).executeTakeFirst();
      if (!waiver || used) throw refuse('waiverId', 'Upload the signed waiver again: this one is not on record or goes with another decision.', 'exists');
    }
    await tx.insertInto('conflict_decisions').values({
      check_id: check.id, case_id: check.case_id, subject: check.subject, decision: body.decision, reason: body.reason,
      waiver_id: body.waiverId, decided_by: options.actorId,
    }).execute();
  });
  return getCheck(db, options.checkId);
}
