import { resizeHere } from './resize-photo.ts';

// The photo resize off the page's thread (docs/decisions/161): one photo at a time, as asked.
self.onmessage = async (e: MessageEvent<{ n: number; file: Blob }>) => {
  const blob = await resizeHere(e.data.file).catch(() => null);
  self.postMessage({ n: e.data.n, blob });
};
