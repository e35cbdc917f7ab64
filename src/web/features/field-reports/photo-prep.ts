import { exifThumbnail } from '../../../core/documents/jpeg-thumbnail.ts';
import { resizeHere } from './resize-photo.ts';

// A photo picked on a phone is 3–15 MB; the report shows and prints it at 1,600 px. The browser makes
// that copy before upload (docs/decisions/161) to spare mobile data: turned upright by its EXIF
// orientation, JPEG. The original goes too, unchanged: it is the evidence.

let worker: Worker | null = null;
let broken = false;
let asked = 0;
const answers = new Map<number, { file: Blob; resolve(blob: Blob | null): void }>();

/**
 * The resize runs in a worker (resize-worker.ts): decoding and scaling 12 MP never holds up typing.
 * Started when a photo panel opens, so it is loaded before the connection goes; a worker that cannot
 * start (its script unreachable offline without the service worker) hands its photos to the page.
 */
export function resizeWorker(): Worker | null {
  if (worker || broken || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return worker;
  worker = new Worker(new URL('./resize-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<{ n: number; blob: Blob | null }>) => {
    answers.get(e.data.n)?.resolve(e.data.blob);
    answers.delete(e.data.n);
  };
  worker.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [n, { file, resolve }] of answers) {
      answers.delete(n);
      void resizeHere(file).then(resolve);
    }
  };
  return worker;
}

/** The 1,600 px JPEG of a picked photo, or null when the original is small enough or cannot be decoded here (HEIC outside Safari). */
export async function resizedForUpload(file: Blob): Promise<Blob | null> {
  const w = resizeWorker();
  if (!w) return resizeHere(file);
  const n = ++asked;
  return new Promise((resolve) => {
    answers.set(n, { file, resolve });
    w.postMessage({ n, file });
  });
}

/** The EXIF orientations as a turn in degrees and a mirror (2, 4, 5, 7 are mirrored). */
const TURNS: Record<number, [number, boolean]> = { 1: [0, false], 2: [0, true], 3: [180, false], 4: [180, true], 5: [90, true], 6: [90, false], 7: [270, true], 8: [270, false] };

async function upright(jpeg: Uint8Array, orientation: number): Promise<Blob> {
  const blob = new Blob([jpeg as BlobPart], { type: 'image/jpeg' });
  if (orientation === 1 || typeof OffscreenCanvas === 'undefined') return blob;
  const bitmap = await createImageBitmap(blob);
  const [turn, mirror] = TURNS[orientation] ?? [0, false];
  const sideways = turn % 180 !== 0;
  const canvas = new OffscreenCanvas(sideways ? bitmap.height : bitmap.width, sideways ? bitmap.width : bitmap.height);
  const context = canvas.getContext('2d')!;
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((turn * Math.PI) / 180);
  if (mirror) context.scale(-1, 1);
  context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
}

/**
 * What a picked photo shows at once: the small picture the camera wrote into its EXIF, turned upright
 * (a few milliseconds), else the file itself (the browser decodes all of it: a 12 MP JPEG takes
 * ~0.3 s). Its object URL: revoke it when done.
 */
export async function quickPreview(file: File): Promise<string> {
  try {
    const found = exifThumbnail(new Uint8Array(await file.slice(0, 128 * 1024).arrayBuffer()));
    if (found) return URL.createObjectURL(await upright(found.jpeg, found.orientation));
  } catch {
    // not a JPEG we can read the head of: the file itself
  }
  return URL.createObjectURL(file);
}
