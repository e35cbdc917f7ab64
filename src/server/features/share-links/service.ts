import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TCreatedShareLink, TShareLink } from '../../../core/api/share-links.ts';
import { displayName } from '../../../core/people.ts';
import {
  mayRevokeShareLink, SHARE_MAX_LIVE_LINKS, SHARE_MESSAGES, SHARE_TOKEN_BYTES, shareExpiryProblem, shareLinkState,
} from '../../../core/field-reports/share-links.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { assertSharable } from '../field-reports/index.ts';

// Client share links (docs/decisions/105): any member of staff shares a certified report; its
// maker or an administrator revokes the link. Only the SHA-256 of a link's secret is stored.

export const hashOfShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The person asking: their id and data role. */
export interface Viewer { id: string; role: string }

function linkQuery(db: DbOrTx) {
  return db.selectFrom('field_report_shares as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .leftJoin('profiles as p', 'p.id', 's.created_by')
    .select([
      's.id', 's.label', 's.created_by', 's.created_at', 's.expires_at', 's.revoked_at', 's.view_count', 's.last_viewed_at',
      'u.email', 'p.first_name', 'p.last_name',
    ]);
}
type LinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['executeTakeFirstOrThrow']>>;

function toShareLink(row: LinkRow, viewer: Viewer, now = Date.now()): TShareLink {
  const link = {
    expiresAt: row.expires_at.toISOString(), revokedAt: row.revoked_at?.toISOString() ?? null, createdById: row.created_by,
  };
  return {
    id: row.id, label: row.label,
    createdByName: row.email ? displayName({ email: row.email, first_name: row.first_name, last_name: row.last_name }) : 'A deleted user',
    createdAt: row.created_at.toISOString(), expiresAt: link.expiresAt, revokedAt: link.revokedAt,
    viewCount: row.view_count, lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
    state: shareLinkState(link, now),
    canRevoke: !link.revokedAt && mayRevokeShareLink(link, viewer),
  };
}

/** Every link of a report, newest first (revoked and expired ones too, marked so). */
export async function listShareLinks(db: DbOrTx, options: { reportId: string; viewer: Viewer }): Promise<TShareLink[]> {
  const report = await db.selectFrom('field_reports').select('id').where('id', '=', options.reportId).executeTakeFirst();
  if (!report) throw new AppError('RECORD_NOT_FOUND');
  const rows = await linkQuery(db).where('s.report_id', '=', options.reportId).orderBy('s.created_at', 'desc').execute();
  return rows.map((row) => toShareLink(row, options.viewer));
}

/**
 * Makes a link to a certified report: 32 random bytes, base64url. The secret is returned once,
 * here. `today` is the firm's calendar day (YYYY-MM-DD); the link works through its last day.
 */
export async function createShareLink(db: DbOrTx, options: {
  reportId: string; viewer: Viewer; expiresOn: string; label: string; today: string;
}): Promise<TCreatedShareLink> {
  const problem = shareExpiryProblem(options.expiresOn, options.today);
  if (problem) throw refuse('expiresOn', problem, 'expiry');
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const id = await withActor(db, options.viewer.id, async (tx) => {
    const report = await tx.selectFrom('field_reports').select('status').where('id', '=', options.reportId).forUpdate().executeTakeFirst();
    if (!report) throw new AppError('RECORD_NOT_FOUND');
    if (report.status !== 'certified') throw new AppError('VALIDATION_ERROR', SHARE_MESSAGES.notCertified);
    await assertSharable(tx, options.reportId);
    const live = await tx.selectFrom('field_report_shares').select(sql<string>`count(*)`.as('n'))
      .where('report_id', '=', options.reportId).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= SHARE_MAX_LIVE_LINKS) throw new AppError('VALIDATION_ERROR', SHARE_MESSAGES.tooMany);
    const row = await tx.insertInto('field_report_shares').values({
      report_id: options.reportId, token_hash: hashOfShareToken(token), label: options.label.trim(), created_by: options.viewer.id,
      // Works through the whole last day in the firm's time zone (the connection's TimeZone).
      expires_at: sql<Date>`(${options.expiresOn}::date + 1)::timestamptz`,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  const row = await linkQuery(db).where('s.id', '=', id).executeTakeFirstOrThrow();
  return { link: toShareLink(row, options.viewer), token };
}

/** Revokes a link at once: its maker or an administrator only. */
export async function revokeShareLink(db: DbOrTx, options: { reportId: string; linkId: string; viewer: Viewer }): Promise<TShareLink> {
  await withActor(db, options.viewer.id, async (tx) => {
    const row = await tx.selectFrom('field_report_shares').select(['created_by', 'revoked_at'])
      .where('id', '=', options.linkId).where('report_id', '=', options.reportId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (!mayRevokeShareLink({ createdById: row.created_by }, options.viewer)) {
      throw new AppError('PERMISSION_DENIED', SHARE_MESSAGES.revokeNotAllowed);
    }
    // Revoking twice is no error: the link stays revoked as it was.
    if (!row.revoked_at) {
      await tx.updateTable('field_report_shares').set({ revoked_at: sql<Date>`now()`, revoked_by: options.viewer.id })
        .where('id', '=', options.linkId).execute();
    }
  });
  return toShareLink(await linkQuery(db).where('s.id', '=', options.linkId).executeTakeFirstOrThrow(), options.viewer);
}
