import type { Readable } from 'node:stream';
import type { TReportQuery, TReportResponse } from '../../../core/api/reports.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { waitForReader } from '../../http/stream-out.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import { forEachEntryPage } from './entry-rows.ts';

/**
 * The XLSX export: this thread reads the entries a page at a time and a document worker writes the
 * workbook (documents/report-workbook.ts). Resolves with the file's stream once its first bytes are ready, so
 * a worker that cannot start is a clean error answer, not a broken download.
 */
export async function reportXlsx(
  db: DbOrTx, documents: DocumentPool, options: { query: TReportQuery; report: TReportResponse },
): Promise<Readable> {
  const file = documents.stream('reportXlsx', options);
  forEachEntryPage(db, options.query, async (rows) => {
    await file.send(rows);
    // The worker took the page; the next waits while the reader is behind (a slow download).
    await waitForReader(file.output);
  }).then(() => file.end(), (error: unknown) => file.fail(error as Error));
  await file.started;
  return file.output;
}
