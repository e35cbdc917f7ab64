import { sql } from 'kysely';
import type { TSharedReport } from '../../../core/api/share-links.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';
import { looksLikeShareToken, SHARE_MESSAGES } from '../../../core/field-reports/share-links.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { firmContact } from '../../documents/firm-letterhead.ts';
import { getReport } from '../field-reports/index.ts';
import { hashOfShareToken } from './service.ts';

// What a client's browser reads through a share link, without an account (docs/decisions/105).
// An unknown, revoked or expired link, or one whose report is no longer certified, gets one and
// the same answer, so links cannot be told apart by probing.

const unavailable = () => new AppError('RECORD_NOT_FOUND', SHARE_MESSAGES.unavailable);

/** The report a live link opens, or the one refusal. */
async function liveLink(db: DbOrTx, token: string) {
  if (!looksLikeShareToken(token)) throw unavailable();
  const row = await db.selectFrom('field_report_shares as s').innerJoin('field_reports as r', 'r.id', 's.report_id')
    .select(['s.id', 's.report_id', 's.expires_at'])
    .where('s.token_hash', '=', hashOfShareToken(token)).where('s.revoked_at', 'is', null).where('s.expires_at', '>', sql<Date>`now()`)
    .where('r.status', 'in', ['certified', 'superseded'])
    .executeTakeFirst();
  if (!row) throw unavailable();
  return row;
}

/**
 * Opens the page: counts one view (the audit log writes it, with no one signed in as the actor)
 * and answers what the page shows. Staff-only data (notes' authors, money, drafts) never leaves.
 */
export async function openSharedReport(db: Db, options: { token: string; defaultFirmName: string; timeZone: string }): Promise<TSharedReport> {
  const link = await liveLink(db, options.token);
  await db.updateTable('field_report_shares')
    .set({ view_count: sql<number>`view_count + 1`, last_viewed_at: sql<Date>`now()` }).where('id', '=', link.id).execute();
  const [report, firm] = await Promise.all([
    getReport(db, link.report_id),
    db.selectFrom('firm_profile').select(['firm_name', 'licence_number', 'address', 'phone', 'email', 'website']).where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  ]);
  // Named field by field: no capture place, time or original's name leaves for the client.
  const photos = report.photos.map((p) => ({ id: p.id, caption: p.caption, width: p.width, height: p.height, annotations: p.annotations }));
  const contact = firmContact(firm, options.defaultFirmName);
  return {
    firm: { name: contact.firmName, address: contact.address, phone: contact.phone, email: contact.email, website: contact.website },
    reportType: report.reportType, displayNumber: report.displayNumber, date: report.date,
    projectName: report.content.projectName, propertyAddress: report.content.propertyAddress, inspectorName: report.inspectorName,
    certifiedAt: report.certifiedAt, superseded: report.status === 'superseded', pdfFileName: report.fileName,
    // Days as the firm counts them (the certificate's day in New York stays that day in Tokyo).
    certifiedOn: report.certifiedAt ? firmTodayIso(options.timeZone, new Date(report.certifiedAt)) : null,
    photos, expiresAt: link.expires_at.toISOString(), lastDay: firmTodayIso(options.timeZone, new Date(link.expires_at.getTime() - 1)),
  };
}

/** The certified PDF as stored (never made again): what the client was given. */
export async function sharedPdf(db: DbOrTx, token: string) {
  const link = await liveLink(db, token);
  const report = await getReport(db, link.report_id);
  const row = await db.selectFrom('field_reports').select('certified_pdf').where('id', '=', link.report_id).executeTakeFirstOrThrow();
  if (!row.certified_pdf) throw unavailable();
  return { pdf: row.certified_pdf, fileName: report.fileName };
}

/** A photo's stored copy (re-encoded on upload: no EXIF) or its thumbnail; never the original. */
export async function sharedPhoto(db: DbOrTx, options: { token: string; imageId: string; size: 'image' | 'thumbnail' }) {
  const link = await liveLink(db, options.token);
  const row = await db.selectFrom('field_report_images').select(options.size === 'image' ? 'image as bytes' : 'thumbnail as bytes')
    .where('id', '=', options.imageId).where('report_id', '=', link.report_id).where('kind', '=', 'photo').executeTakeFirst();
  if (!row) throw unavailable();
  return row.bytes;
}
