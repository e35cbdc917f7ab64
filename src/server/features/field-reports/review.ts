import { sql } from 'kysely';
import type { TFieldReport, TFieldReportSettings } from '../../../core/api/field-reports.ts';
import { certifyRefusal, reviewRefusal, shareRefusal } from '../../../core/field-reports/report-review.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { signatureFor } from './signature.ts';
import { getReport } from './reads.ts';

// Reports reviewed before they leave (issue 42, docs/decisions/142).

/** The firm's rule for field reports (one row, migration 048). */
export async function readFieldReportSettings(db: DbOrTx): Promise<TFieldReportSettings> {
  const row = await db.selectFrom('field_report_settings').select(['require_review', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
  return { requireReview: row.require_review, version: row.version };
}

/** PUT /api/settings/field-reports (admins) at the version the caller saw; a stale version answers the current settings. */
export async function saveFieldReportSettings(db: DbOrTx, options: { actorId: string; body: TFieldReportSettings }): Promise<TFieldReportSettings> {
  const saved = await withActor(db, options.actorId, (tx) => tx.updateTable('field_report_settings').set({ require_review: options.body.requireReview })
    .where('id', '=', 1).where('version', '=', options.body.version).returning('id').executeTakeFirst());
  const current = await readFieldReportSettings(db);
  if (!saved) throw new AppError('EDIT_CONFLICT', undefined, { current });
  return current;
}

/**
 * A second engineer signs the version of the draft they read (a drawn or their stored signature).
 * The row's update moves its version by one (touch_row), so the review records the version it
 * leaves: any later change to the report makes the review out of date.
 */
export async function reviewReport(db: DbOrTx, options: { actorId: string; id: string; version: number; drawnSignature?: string }): Promise<TFieldReport> {
  const signature = await signatureFor(db, options.actorId, options.drawnSignature);
  return withActor(db, options.actorId, async (tx) => {
    const row = await tx.selectFrom('field_reports').select(['status', 'inspector_id', 'version']).where('id', '=', options.id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    const refusal = reviewRefusal({ status: row.status, inspectorId: row.inspector_id }, options.actorId);
    if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
    if (row.version !== options.version) throw new AppError('EDIT_CONFLICT', undefined, { current: await getReport(tx, options.id) });
    await tx.updateTable('field_reports').set({
      reviewed_by: options.actorId, reviewed_at: new Date(), reviewed_version: sql<number>`version + 1`,
      review_signature: signature.image, review_signature_type: signature.type,
    }).where('id', '=', options.id).execute();
    return getReport(tx, options.id);
  });
}

/** The review as the certification needs it: refused under the firm's rule, else the reviewer's name and signature for the PDF. */
export async function reviewForCertification(tx: Tx, options: { id: string; version: number; certifierId: string }) {
  const row = await tx.selectFrom('field_reports as r').leftJoin('profiles as p', 'p.id', 'r.reviewed_by')
    .select(['r.reviewed_by', 'r.reviewed_at', 'r.reviewed_version', 'r.review_signature', 'p.display_name'])
    .where('r.id', '=', options.id).executeTakeFirstOrThrow();
  const { requireReview } = await readFieldReportSettings(tx);
  const review = row.reviewed_by && row.reviewed_version !== null ? { by: row.reviewed_by, version: row.reviewed_version } : null;
  const refusal = certifyRefusal({ requireReview, review, version: options.version, certifierId: options.certifierId });
  if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
  // A review of an earlier version is kept on record but is not printed as this version's.
  if (!review || review.version !== options.version || !row.review_signature || !row.reviewed_at) return null;
  return { name: row.display_name ?? '', signature: row.review_signature, on: new Date(row.reviewed_at) };
}

/** Refuses to share a certified report that the firm's rule wants reviewed (one certified before the rule was on). */
export async function assertSharable(db: DbOrTx, reportId: string): Promise<void> {
  const { requireReview } = await readFieldReportSettings(db);
  const row = await db.selectFrom('field_reports').select('reviewed_by').where('id', '=', reportId).executeTakeFirst();
  const refusal = shareRefusal({ requireReview, reviewed: Boolean(row?.reviewed_by) });
  if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
}
