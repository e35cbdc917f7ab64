import { sql } from 'kysely';
import { DEFAULT_TIME_ZONE } from '../../../core/constants.ts';
import { FIELD_REPORT_MESSAGES } from '../../../core/field-reports/field-reports.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Letterhead } from '../../documents/letterhead.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import { imagesForPdf } from './attachments.ts';
import { getReport } from './reads.ts';
import { draftForUpdate } from './writes.ts';
import { versionAfterChanges } from './field-changes.ts';
import { reviewForCertification } from './review.ts';
import { signatureFor } from './signature.ts';

/** The PDF of a report: as certified (stored bytes) or, for a draft, made now and marked draft. */
export async function reportPdf(db: DbOrTx, options: {
  id: string; documents: DocumentPool; letterhead: Letterhead; certification?: { name: string; signature: Buffer; on: Date; review: { name: string; signature: Buffer; on: Date } | null };
  /** The firm's zone, for the photos' capture times. */
  timeZone?: string;
}) {
  const report = await getReport(db, options.id);
  if (report.status !== 'draft' && !options.certification) {
    const row = await db.selectFrom('field_reports').select('certified_pdf').where('id', '=', options.id).executeTakeFirstOrThrow();
    return { pdf: row.certified_pdf!, fileName: report.fileName, report };
  }
  const pdf = await options.documents.pdf('fieldReport', {
    reportType: report.reportType,
    displayNumber: report.displayNumber,
    date: report.date,
    inspectorName: report.inspectorName,
    content: report.content,
    ...(await imagesForPdf(db, options.id, options.timeZone ?? DEFAULT_TIME_ZONE)),
    certification: options.certification
      ? {
        name: options.certification.name, certifiedOn: formatUsDate(options.certification.on), signature: options.certification.signature,
        review: options.certification.review && {
          name: options.certification.review.name, reviewedOn: formatUsDate(options.certification.review.on), signature: options.certification.review.signature,
        },
      }
      : null,
  }, options.letterhead);
  return { pdf, fileName: report.fileName, report };
}

/**
 * The inspector signs: their drawn or stored signature goes on the PDF, which is kept as certified;
 * the report is read-only from then on. Only the report's inspector may certify it (with no
 * inspector chosen, the signer becomes the inspector).
 */
export async function certifyReport(
  db: DbOrTx,
  options: {
    actorId: string; actorName: string; id: string; version: number; drawnSignature?: string;
    /** Queued offline after these changes (docs/decisions/102): certifies the version the last of them left. */
    afterChanges?: readonly string[];
    documents: DocumentPool; letterhead: Letterhead; today: Date; timeZone?: string;
  },
) {
  const signature = await signatureFor(db, options.actorId, options.drawnSignature);
  return withActor(db, options.actorId, async (tx) => {
    // A replay (the answer to a queued certification was lost): the report this person certified.
    const done = await tx.selectFrom('field_reports').select(['status', 'certified_by']).where('id', '=', options.id).executeTakeFirst();
    if (done?.status === 'certified' && done.certified_by === options.actorId) return getReport(tx, options.id);
    const row = await draftForUpdate(tx, options.id);
    const version = options.afterChanges?.length ? await versionAfterChanges(tx, options.id, options.afterChanges) : options.version;
    if (version === null) throw new AppError('EDIT_CONFLICT', FIELD_REPORT_MESSAGES.certifyWaits, { current: await getReport(tx, options.id) });
    if (row.version !== version) throw new AppError('EDIT_CONFLICT', undefined, { current: await getReport(tx, options.id) });
    if (row.inspector_id && row.inspector_id !== options.actorId) {
      throw new AppError('PERMISSION_DENIED', 'Only the inspector named on the report can certify it.');
    }
    const review = await reviewForCertification(tx, { id: options.id, version, certifierId: options.actorId });
    if (!row.inspector_id) await tx.updateTable('field_reports').set({ inspector_id: options.actorId }).where('id', '=', options.id).execute();
    const { pdf } = await reportPdf(tx, {
      id: options.id, documents: options.documents, letterhead: options.letterhead, timeZone: options.timeZone,
      certification: { name: options.actorName, signature: signature.image, on: options.today, review },
    });
    await tx.updateTable('field_reports').set({
      status: 'certified', certified_at: new Date(), certified_by: options.actorId,
      signature: signature.image, signature_type: signature.type, certified_pdf: pdf,
      // The review printed on the certified PDF stays current for the version the certification leaves.
      ...(review ? { reviewed_version: sql<number>`version + 1` } : {}),
    }).where('id', '=', options.id).execute();
    return getReport(tx, options.id);
  });
}
