import type { Writable } from 'node:stream';

/**
 * Waits while the reader of a download is behind (so a slow client holds back the next page rather
 * than filling memory), and stops the export when the download was closed.
 */
export async function waitForReader(out: Writable) {
  if (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
  if (out.destroyed) throw new Error('The download was closed.');
}
