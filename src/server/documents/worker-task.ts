import type { MessagePort } from 'node:worker_threads';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { move } from 'piscina';
import type { Letterhead } from './letterhead.ts';
import type { PdfKind } from './renderers.ts';

// What a document worker does (docs/decisions/065): pure rendering from plain data, never a
// database. Loaded by worker.mjs in each thread of the pool (pool.ts).

// Loaded on a thread's first document of each family: pdfkit and exceljs each take a while to load.
const pdfRenderers = () => import('./renderers.ts').then((m) => m.PDF_RENDERERS);
/** Documents written as a stream, fed a page of rows at a time by the request thread. */
const STREAM_WRITERS = {
  reportXlsx: () => import('./report-workbook.ts').then((m) => m.writeReportWorkbook),
};
export type StreamKind = keyof typeof STREAM_WRITERS;

export type DocumentTask =
  | { type: 'warm' }
  | { type: 'pdf'; kind: PdfKind; data: unknown; letterhead: Letterhead }
  | { type: 'stream'; kind: StreamKind; input: unknown; port: MessagePort };

/** Messages of a stream's port: pages and their end from the request thread, bytes back. */
export type ToWorker = { rows: unknown[] } | { end: true };
export type FromWorker = { chunk: Uint8Array } | { ack: true } | { done: true };

/** Bytes arrive as Uint8Array (structured clone); pdfkit takes images only as Buffers. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

/** The pages the request thread sends; each one taken is acknowledged, so it sends the next. */
async function* pagesFrom(port: MessagePort): AsyncGenerator<unknown[]> {
  const inbox: ToWorker[] = [];
  let closed = false;
  let wake: (() => void) | null = null;
  port.on('message', (message: ToWorker) => { inbox.push(message); wake?.(); });
  port.on('close', () => { closed = true; wake?.(); });
  for (;;) {
    while (inbox.length === 0) {
      if (closed) throw new Error('The download was closed.');
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    const message = inbox.shift()!;
    if ('end' in message) return;
    yield message.rows;
    port.postMessage({ ack: true } satisfies FromWorker);
  }
}

async function stream(task: Extract<DocumentTask, { type: 'stream' }>) {
  const { port } = task;
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => port.postMessage({ chunk } satisfies FromWorker));
  try {
    const write = (await STREAM_WRITERS[task.kind]()) as (input: unknown, pages: AsyncIterable<unknown[]>, out: PassThrough) => Promise<void>;
    await write(task.input, pagesFrom(port), out);
    await finished(out);
    port.postMessage({ done: true } satisfies FromWorker);
  } finally {
    port.close();
  }
}

export default async function runTask(task: DocumentTask): Promise<unknown> {
  if (task.type === 'warm') return Promise.all([pdfRenderers(), import('./warm-up.ts').then((m) => m.warmUp())]).then(() => null);
  if (task.type === 'stream') return stream(task);
  const render = (await pdfRenderers())[task.kind] as (data: unknown, letterhead: Letterhead) => Promise<Buffer>;
  const pdf = await render(revive(task.data), revive(task.letterhead) as Letterhead);
  // Handed over without a copy when the bytes own their memory (a small Buffer may share a pool).
  const owned = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return move(owned ? new Uint8Array(pdf.buffer, 0, pdf.byteLength) : new Uint8Array(pdf));
}
