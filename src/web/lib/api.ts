import { FILE_TIMEOUT_MS, send } from './transport.ts';

/**
 * Every JSON call to /api goes through here, on the transport core (transport.ts). A call with a file, or
 * whose answer waits for a document to be made (`makesDocument`: a certification renders the signed PDF),
 * has a file's time.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal; file?: Blob; makesDocument?: true } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.file) headers['content-type'] = 'application/octet-stream';
  const response = await send(path, {
    method: init.method,
    headers,
    body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: init.signal,
    timeoutMs: init.file || init.makesDocument ? FILE_TIMEOUT_MS : undefined,
  });
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}
