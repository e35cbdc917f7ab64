import { FILE_TIMEOUT_MS, send } from './transport.ts';

/** The file name the server gave (RFC 6266 filename*, else filename). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a file the server makes (a PDF) on the transport core (transport.ts) and saves it under
 * the server's file name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await send(path, { timeoutMs: FILE_TIMEOUT_MS });
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
