import { PassThrough } from 'node:stream';
import type { TAuditFilters } from '../../../core/api/audit.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { csvLine } from '../../../core/time/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { waitForReader } from '../../http/stream-out.ts';
import { browseAudit, type AuditViewer } from './service.ts';

const PAGE = 500;
const COLUMNS = ['Date and time', 'Person', 'Record type', 'Record', 'What happened', 'Details'];

/** `audit-log-2026-11-27.csv`: the firm's day it was taken. */
export const auditFileName = (today: string) => `audit-log-${today}.csv`;

/**
 * The filtered audit log as CSV (RFC 4180, UTF-8 with a BOM), newest first, written a page at a time
 * as the client reads it: the same sentences as the screen, so the same money rule (docs/decisions/097).
 */
export function auditCsv(db: DbOrTx, filters: TAuditFilters, viewer: AuditViewer): PassThrough {
  const out = new PassThrough();
  write(db, filters, viewer, out).then(() => out.end(), (error: unknown) => out.destroy(error as Error));
  return out;
}

async function write(db: DbOrTx, filters: TAuditFilters, viewer: AuditViewer, out: PassThrough) {
  out.write(`\uFEFF${csvLine(COLUMNS)}`);
  let before: number | undefined;
  do {
    const page = await browseAudit(db, { ...filters, before, limit: PAGE }, viewer);
    out.write(page.entries.map((e) => csvLine([
      firmDateTime(e.at, viewer.timeZone), e.actorName ?? (e.actorId ? 'A deleted user' : 'The system'), e.record.type,
      `${e.record.label}${e.record.deleted ? ' (deleted)' : ''}`, e.text, e.details.map((d) => d.map((p) => p.text).join('')).join('; '),
    ])).join(''));
    await waitForReader(out);
    before = page.nextBefore ?? undefined;
  } while (before);
}
