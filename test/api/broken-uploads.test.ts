import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/core/documents/images.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { trackedProject } from '../helpers/time-tracking-fixtures.ts';
import { makePng, multipart } from '../helpers/uploads.ts';

// A broken form upload (cut off before its closing boundary, or sent without a boundary) is the request's fault: a
// 400 that says so, on every upload route, never "Something went wrong on our end" (docs/decisions/223).

let t: TestApp;
let owner: Agent;
let caseId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.user('super_admin');
  owner = await t.signIn(user.email);
  ({ caseId } = await trackedProject(t.database.db, user.id));
});
afterAll(async () => t?.close());

/** The routes that read a multipart body, each by one of the upload readers. */
const ROUTES = (): [string, string, string][] => [
  ['PUT', '/api/settings/firm-profile/logo', 'an image (readImages)'],
  ['PUT', '/api/me/signature', 'a signature (readImages)'],
  ['POST', '/api/conflict-waivers', 'a waiver (readNamedFiles)'],
  ['POST', `/api/cases/${caseId}/engagement/signed?engagedOn=${firmTodayIso(DEFAULT_TIME_ZONE)}`, 'a signed letter (readOnePdf)'],
  ['POST', '/api/imports', 'a CSV import (readCsvUpload)'],
];

describe('a broken upload is refused as the request\'s fault', () => {
  it('cut off before its closing boundary, in the middle of the file', async () => {
    for (const [method, url, what] of ROUTES()) {
      const whole = multipart([{ filename: 'file.bin', content: Buffer.concat([await makePng(300, 200), Buffer.alloc(20_000, 'a')]) }]);
      const res = await owner.request({ method: method as 'PUT', url, headers: whole.headers, payload: whole.payload.subarray(0, 3_000) });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error.message, what).toBe(UPLOAD_MESSAGES.broken);
    }
  });

  it('sent as multipart without a boundary', async () => {
    for (const [method, url, what] of ROUTES()) {
      const res = await owner.request({ method: method as 'PUT', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'hello' });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error.message, what).toBe(UPLOAD_MESSAGES.broken);
    }
  });

  it('leaves no import behind', async () => {
    const imports = await owner.request({ method: 'GET', url: '/api/imports' });
    expect(imports.statusCode).toBe(200);
    expect(JSON.stringify(imports.json())).not.toContain('file.bin');
  });
});
