import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFileMessage, UPLOAD_MESSAGES } from '../../src/core/documents/images.ts';
import { makeProject, newItem } from '../helpers/action-items-fixtures.ts';
import { pdfImages, pdfPages } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { makeJpeg, makePng, multipart } from '../helpers/uploads.ts';

let t: TestApp;
let admin: Agent;
let limited: Agent;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ FIRM_NAME: 'Hale & Ortiz Engineering' });
  const a = await t.user('admin');
  adminId = a.id;
  admin = await t.signIn(a.email);
  limited = await t.signIn((await t.user('limited_user')).email);
});
afterAll(async () => t?.close());

const profile = {
  firmName: 'Hale & Ortiz Engineering, PLLC', licenceNumber: 'PE-0042317', address: '12 Harbor St, Salem MA 01970',
  phone: '(978) 555-0134', email: 'office@haleortiz.test', website: 'haleortiz.test',
};
const upload = (agent: Agent, url: string, files: Parameters<typeof multipart>[0], method: 'PUT' | 'POST' = 'PUT') => {
  const body = multipart(files);
  return agent.request({ method, url, payload: body.payload, headers: body.headers });
};

describe('firm profile', () => {
  it('defaults to FIRM_NAME with nothing else', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/settings/firm-profile' });
    expect(res.json()).toMatchObject({ firmName: 'Hale & Ortiz Engineering', licenceNumber: '', hasLogo: false, version: 1 });
  });

  it('is for admins only, enforced by the server', async () => {
    expect((await limited.request({ method: 'GET', url: '/api/settings/firm-profile' })).statusCode).toBe(403);
    const put = await limited.request({ method: 'PUT', url: '/api/settings/firm-profile', payload: { ...profile, version: 1 } });
    expect(put.statusCode).toBe(403);
    const logo = await upload(limited, '/api/settings/firm-profile/logo', [{ filename: 'logo.png', content: await makePng(40, 20) }]);
    expect(logo.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/firm-profile' })).statusCode).toBe(401);
  });

  it('saves with its version and refuses a stale one', async () => {
    const res = await admin.request({ method: 'PUT', url: '/api/settings/firm-profile', payload: { ...profile, version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...profile, version: 2 });
    const stale = await admin.request({ method: 'PUT', url: '/api/settings/firm-profile', payload: { ...profile, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const bad = await admin.request({ method: 'PUT', url: '/api/settings/firm-profile', payload: { ...profile, email: 'nope', version: 2 } });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a PNG or JPEG logo checked by content, and refuses anything else with a clear message', async () => {
    const fake = await upload(admin, '/api/settings/firm-profile/logo', [{ filename: 'logo.png', content: Buffer.from('%PDF-1.7 not an image') }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(UPLOAD_MESSAGES.notImage);
    const huge = await upload(admin, '/api/settings/firm-profile/logo', [{ filename: 'logo.jpg', content: Buffer.alloc(30 * 1024 * 1024, 0xff) }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    const none = await admin.request({ method: 'PUT', url: '/api/settings/firm-profile/logo', payload: {} });
    expect(none.statusCode).toBe(400);
    expect((await admin.request({ method: 'GET', url: '/api/settings/firm-profile' })).json().hasLogo).toBe(false);

    const ok = await upload(admin, '/api/settings/firm-profile/logo', [{ filename: 'logo.bin', content: await makePng(2400, 800) }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hasLogo).toBe(true);
    const image = await admin.request({ method: 'GET', url: '/api/settings/firm-profile/logo' });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('puts the letterhead and footer on every page of the PDFs', async () => {
    const { projectId } = await makeProject(t.database.db, adminId);
    await admin.request({ method: 'POST', url: '/api/action-items', payload: newItem(projectId, adminId) });
    const pdf = (await admin.request({ method: 'GET', url: `/api/action-items/report.pdf?projectId=${projectId}` })).rawPayload;
    const [page] = pdfPages(pdf);
    for (const text of [profile.firmName, 'License No. PE-0042317', profile.phone, profile.email, profile.website, 'Page 1 of 1']) {
      expect(page).toContain(text);
    }
    // The logo is embedded once and drawn from the database (resized to 800 px).
    expect(pdfImages(pdf)).toEqual([expect.objectContaining({ page: 1, width: 800, height: 267 })]);
  });
});

describe('signature', () => {
  it('each user uploads, replaces and removes their own', async () => {
    expect((await limited.request({ method: 'GET', url: '/api/me/signature' })).json().hasSignature).toBe(false);
    const res = await upload(limited, '/api/me/signature', [{ filename: 'sig.jpg', content: await makeJpeg(600, 200) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().hasSignature).toBe(true);
    expect((await admin.request({ method: 'GET', url: '/api/me/signature' })).json().hasSignature).toBe(false);
    const image = await limited.request({ method: 'GET', url: '/api/me/signature/image' });
    expect(image.headers['content-type']).toBe('image/jpeg');
    const two = await upload(limited, '/api/me/signature', [
      { filename: 'a.jpg', content: await makeJpeg(60, 20) }, { filename: 'b.jpg', content: await makeJpeg(60, 20) },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(secondFileMessage('file'));
    expect((await limited.request({ method: 'DELETE', url: '/api/me/signature' })).json().hasSignature).toBe(false);
  });
});
