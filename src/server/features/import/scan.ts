import { FileSummary } from '../../../core/import/mapping.ts';
import { detectSource, readRow, unrecognisedMessage, type SourceRule } from '../../../core/import/sources.ts';
import { RowValues } from '../../../core/import/row-reader.ts';
import { AppError } from '../../errors/app-error.ts';
import { readCsv, type CsvRow } from './csv-stream.ts';

const SAMPLE_ROWS = 5;

/** A file being read: its source's rule and header, then its rows one at a time. */
export interface OpenedFile {
  rule: SourceRule;
  headers: string[];
  index: Map<string, number>;
  rows: AsyncGenerator<CsvRow>;
}

/** Opens the file's chunks: recognises the source from the header row (a 400 when none fits). */
export async function openFile(chunks: AsyncIterable<Buffer>): Promise<OpenedFile> {
  const rows = readCsv(chunks);
  const first = await rows.next();
  if (first.done) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
  const headers = first.value.cells.map((h) => h.trim());
  const rule = detectSource(headers);
  if (!rule) {
    await rows.return(undefined);
    throw new AppError('VALIDATION_ERROR', unrecognisedMessage(headers));
  }
  return { rule, headers, index: RowValues.indexOf(headers), rows };
}

/** The upload's one reading: the source, the rows counted, a sample, and what the file holds for the mapping. */
export async function scanFile(chunks: AsyncIterable<Buffer>) {
  const file = await openFile(chunks);
  const summary = new FileSummary();
  const sample: Record<string, string>[] = [];
  let rowCount = 0;
  for await (const { cells } of file.rows) {
    rowCount += 1;
    if (sample.length < SAMPLE_ROWS) sample.push(Object.fromEntries(file.headers.map((h, i) => [h, cells[i] ?? ''])));
    const reading = readRow(file.rule, file.headers, file.index, cells);
    if (reading.outcome === 'record') summary.add(reading.record);
  }
  if (rowCount === 0) throw new AppError('VALIDATION_ERROR', 'The file has a header row but no rows.');
  return { source: file.rule.source, rowCount, sample, summary };
}
