import { CSRF_HEADER } from '../../core/constants.ts';
import { errorOfNoAnswer, errorOfResponse, FILE_TIMEOUT_MS, withCsrf } from './transport.ts';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface Answer { status: number; body: unknown }

/**
 * Sends files as multipart/form-data (field `file`) with upload progress (0–1), which fetch cannot
 * report; on the transport core (transport.ts), so its errors, CSRF retry and maintenance switch are
 * those of every other call.
 */
export async function uploadFiles<T>(
  path: string,
  files: readonly Blob[] | readonly File[],
  options: { method?: 'POST' | 'PUT'; onProgress?(fraction: number): void } = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const label = `upload ${path}`;
  const form = new FormData();
  for (const file of files) form.append('file', file, file instanceof File ? file.name : 'image.png');
  const answer = await withCsrf(method, (csrf) => new Promise<Answer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.timeout = FILE_TIMEOUT_MS;
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(errorOfNoAnswer(label, false));
    xhr.ontimeout = () => reject(errorOfNoAnswer(label, true));
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.send(form);
  }));
  if (answer.status < 200 || answer.status >= 300) throw errorOfResponse(label, answer.status, answer.body);
  return answer.body as T;
}
