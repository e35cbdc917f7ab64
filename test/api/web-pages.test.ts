// The built web app as the server serves it: its files, and index.html for every client-side route
// (`/`, `/login`, `/case/123`), which the not-found handler answers (docs/decisions/113).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFiles } from '../../vite.compress.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const INDEX = '<!doctype html><title>Casebook</title><div id="root"></div>';
/** A script long enough to be worth compressing, and one too short to be. */
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: 'Row ${i}' }`).join(', ')}];`;
const TINY = 'x';
let t: TestApp;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'casebook-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(webDir, 'assets', 'rows-def456.js'), SCRIPT);
  writeFileSync(path.join(webDir, 'assets', 'tiny-0a1b2c.js'), TINY);
  // As the build leaves them (vite.compress.ts).
  await compressFiles(webDir);
  t = await createTestApp({ WEB_DIR: webDir });
});
afterAll(() => t.close());

describe('the web app', () => {
  it.each(['/', '/login', '/case/123', '/settings/users?tab=1'])('answers %s with index.html, never cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves built assets for a year, and index.html by its own name', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(INDEX);
  });

  it('sends a script compressed to a browser that accepts it, with the same caching', async () => {
    const asked = async (acceptEncoding?: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/rows-def456.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      return res;
    };
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await asked('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // The compressed copies are not addresses of their own: what such an address asks for is a page.
    const copy = await t.app.inject({ method: 'GET', url: '/assets/rows-def456.js.br' });
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends a file that compression would not shrink as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/tiny-0a1b2c.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
  });

  it('answers an unknown API address, or a write to a page, with a JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/nothing-here'], ['GET', '/API/nothing-here'], ['POST', '/login']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'RECORD_NOT_FOUND' } });
    }
  });
});
