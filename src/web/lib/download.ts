import { ApiError } from './api.ts';
import { debugLog } from './debug-log.ts';

/** The file name the server gave (RFC 6266 filename*, else filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Fetches a file the server makes (a PDF) and saves it under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    debugLog('warn', `download ${path} → ${response.status}`, body);
    throw new ApiError(body?.error?.code ?? 'SERVER_ERROR', body?.error?.message ?? 'Download failed', response.status);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
