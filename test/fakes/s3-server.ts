import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake S3-compatible store (docs/decisions/162): real HTTP on 127.0.0.1, path-style
// (/bucket/key), PutObject, GetObject, HeadObject and DeleteObject, enough for @aws-sdk/client-s3.
// It checks that a request is signed (an AWS4 Authorization header naming the access key) and that
// a PutObject's x-amz-checksum-sha256 matches its body, as S3 does; it keeps objects in memory.

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects by key, with their content type. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request: method and path. */
  requests: { method: string; path: string }[];
  /** Answer the next n requests with 503 SlowDown (a store that is down). */
  failNext(n: number): void;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(options: { bucket?: string } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'casebook-originals';
  const accessKeyId = 'FAKEACCESSKEY';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string }[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname });
      const body = await bodyOf(request);
      const send = (status: number, text = '', headers: Record<string, string | number> = {}) => {
        response.writeHead(status, { 'x-amz-request-id': 'fake', ...headers });
        response.end(text);
      };
      if (failures > 0) {
        failures -= 1;
        return send(503, xmlError('SlowDown', 'Please reduce your request rate.'), { 'content-type': 'application/xml' });
      }
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith('AWS4-HMAC-SHA256') || !auth.includes(`Credential=${accessKeyId}/`)) {
        return send(403, xmlError('AccessDenied', 'Access Denied'), { 'content-type': 'application/xml' });
      }
      const [, name, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (name !== bucket || !key) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'), { 'content-type': 'application/xml' });
      const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
      if (method === 'PUT') {
        const claimed = request.headers['x-amz-checksum-sha256'];
        if (typeof claimed === 'string' && createHash('sha256').update(body).digest('base64') !== claimed) {
          return send(400, xmlError('BadDigest', 'The SHA256 you specified did not match the calculated checksum.'), { 'content-type': 'application/xml' });
        }
        objects.set(key, { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' });
        return send(200, '', { etag: etag(body) });
      }
      const object = objects.get(key);
      if (method === 'DELETE') {
        objects.delete(key);
        return send(204);
      }
      if (!object) {
        if (method === 'HEAD') return send(404);
        return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'), { 'content-type': 'application/xml' });
      }
      const headers = { 'content-type': object.contentType, 'content-length': object.body.length, etag: etag(object.body) };
      if (method === 'HEAD') {
        response.writeHead(200, headers);
        return response.end();
      }
      if (method === 'GET') return send(200, object.body as unknown as string, headers);
      return send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeS3 = {
    url, bucket, accessKeyId, secretAccessKey: 'fake-secret-access-key', objects, requests,
    failNext: (n) => void (failures = n),
    env: () => ({ S3_ENDPOINT: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: fake.secretAccessKey }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
