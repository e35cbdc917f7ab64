import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TImportMapping, TImportOutcome } from '../../../core/api/import.ts';
import { fingerprintText, ImportPlan, type PlannedRow } from '../../../core/import/plan.ts';
import { readRow } from '../../../core/import/sources.ts';
import type { ImportRecord } from '../../../core/import/records.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { casesByNumber, firmRates, lockedWeeks } from './directory.ts';
import { readChunks } from './chunks.ts';
import { openFile } from './scan.ts';

// One walk over the file for the dry run and the import alike: every row read, fingerprinted,
// checked against what was imported before, and decided by the plan (src/core/import/plan.ts).

const BATCH = 5000;

export interface PlannedEntry {
  row: number;
  fingerprint: string | null;
  planned: PlannedRow;
}

interface Pending { row: number; record: ImportRecord; fingerprint: string | null }

const isEntry = (record: ImportRecord) => record.kind === 'time' || record.kind === 'expense';

async function importedBefore(db: DbOrTx, fingerprints: string[]): Promise<Set<string>> {
  if (!fingerprints.length) return new Set();
  const { rows } = await sql<{ f: string }>`
    select import_fingerprint f from time_entries where import_fingerprint = any(${fingerprints}::text[])
    union all
    select import_fingerprint f from expense_entries where import_fingerprint = any(${fingerprints}::text[])`.execute(db);
  return new Set(rows.map((r) => r.f));
}

export async function walkImport(db: DbOrTx, options: {
  importId: string;
  mapping: TImportMapping;
  /** The import's writer: called with each batch of rows to import, in file order. */
  onBatch?: (entries: PlannedEntry[]) => Promise<void>;
  onProgress?: (done: number) => void;
}): Promise<TImportOutcome> {
  const file = await openFile(readChunks(db, options.importId));
  const cases = await casesByNumber(db);
  const plan = new ImportPlan({
    mapping: options.mapping, casesByNumber: cases, weekLocked: await lockedWeeks(db), firmRate: await firmRates(db, options.mapping, cases),
  });
  const firstRowOf = new Map<string, number>();
  let pending: Pending[] = [];
  let read = 0;

  const flush = async () => {
    const before = await importedBefore(db, pending.flatMap((p) => (p.fingerprint ? [p.fingerprint] : [])));
    const entries: PlannedEntry[] = [];
    for (const { row, record, fingerprint } of pending) {
      if (fingerprint && before.has(fingerprint)) {
        plan.skip(row, 'Imported before.');
        continue;
      }
      if (fingerprint && firstRowOf.has(fingerprint)) {
        plan.skip(row, `The same as row ${firstRowOf.get(fingerprint)}.`);
        continue;
      }
      const planned = plan.decide(row, record);
      if (!planned) continue;
      if (fingerprint) firstRowOf.set(fingerprint, row);
      plan.counted(planned);
      entries.push({ row, fingerprint, planned });
    }
    pending = [];
    if (options.onBatch && entries.length) await options.onBatch(entries);
    options.onProgress?.(read);
  };

  for await (const { row, cells } of file.rows) {
    read += 1;
    const reading = readRow(file.rule, file.headers, file.index, cells);
    if (reading.outcome === 'refused') plan.refuse(row, reading.reason);
    else if (reading.outcome === 'skipped') plan.skip(row, reading.reason);
    else {
      const fingerprint = isEntry(reading.record)
        ? createHash('sha256').update(fingerprintText(file.rule.source, cells)).digest('hex') : null;
      pending.push({ row, record: reading.record, fingerprint });
    }
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  plan.outcome.refused.sort((a, b) => a.row - b.row);
  plan.outcome.skipped.sort((a, b) => a.row - b.row);
  plan.outcome.nonBillable?.sort((a, b) => a.row - b.row);
  return plan.outcome;
}
