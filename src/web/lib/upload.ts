import { CSRF_COOKIE, CSRF_HEADER } from '../../core/constants.ts';
import { isErrorCode, messageFor, OFFLINE_MESSAGE, type ErrorCode } from '../../core/errors.ts';
import { ApiError, readCookie } from './api.ts';
import { debugLog } from './debug-log.ts';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends files as multipart/form-data (field `file`) with upload progress (0–1), which fetch cannot
 * report; errors become the same ApiError as every other call.
 */
export function uploadFiles<T>(
  path: string,
  files: readonly Blob[] | readonly File[],
  options: { method?: 'POST' | 'PUT'; onProgress?(fraction: number): void } = {},
): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file instanceof File ? file.name : 'image.png');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader(CSRF_HEADER, readCookie(CSRF_COOKIE) ?? '');
    xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', navigator.onLine ? messageFor('NETWORK_ERROR') : OFFLINE_MESSAGE, 0));
    xhr.ontimeout = () => reject(new ApiError('NETWORK_TIMEOUT', messageFor('NETWORK_TIMEOUT'), 0));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText) as { error?: { code?: string; message?: string; details?: unknown } } | null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      debugLog('warn', `upload ${path} → ${xhr.status}`, body);
      const e = body?.error;
      const code: ErrorCode = isErrorCode(e?.code) ? e.code : xhr.status >= 500 ? 'SERVER_ERROR' : 'UNKNOWN_ERROR';
      reject(new ApiError(code, e?.message ?? messageFor(code), xhr.status, e?.details));
    };
    xhr.send(form);
  });
}
