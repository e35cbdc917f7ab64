import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../helpers/action-items-fixtures.ts';
import { pdfPages } from '../helpers/pdf-tools.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { DEFAULT_TIME_ZONE } from '../../src/core/constants.ts';
import { makeExifJpeg, makePng, multipart } from '../helpers/uploads.ts';
import { startFakeS3, type FakeS3 } from '../fakes/s3-server.ts';
import { firmTodayIso } from '../../src/core/dates/iso-date.ts';

// Photos that are evidence (issue 26, docs/decisions/103): one PUT per photo by its client-made id,
// the original kept unchanged (in the database or in an S3 bucket) with its SHA-256 and EXIF facts,
// the stored copy re-encoded without EXIF.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
// The firm's day, as the app counts it (UTC's differs between 19:00 and midnight in New York).
const today = firmTodayIso(DEFAULT_TIME_ZONE);

describe.each(['database', 'bucket'] as const)('photo evidence, originals in the %s', (where) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let inspector: Agent;
  let inspectorId: string;
  let projectId: string;

  beforeAll(async () => {
    if (where === 'bucket') s3 = await startFakeS3();
    t = await createTestApp({ TZ: 'America/New_York', ...(s3?.env() ?? {}) });
    const i = await t.user('limited_user');
    inspectorId = i.id;
    inspector = await t.signIn(i.email);
    ({ projectId } = await makeProject(t.database.db, inspectorId, 'Basement flood'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const newReport = async () => (await inspector.request({
    method: 'POST', url: '/api/field-reports', payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today },
  })).json() as { id: string; version: number };
  const put = (reportId: string, imageId: string, parts: { original?: Buffer; photo?: Buffer; name?: string }, kind = 'photos') => {
    const body = multipart([
      ...(parts.original ? [{ name: 'original', filename: parts.name ?? 'IMG_0001.JPG', content: parts.original, type: 'image/jpeg' }] : []),
      ...(parts.photo ? [{ name: 'photo', filename: 'photo.jpg', content: parts.photo, type: 'image/jpeg' }] : []),
    ]);
    return inspector.request({ method: 'PUT', url: `/api/field-reports/${reportId}/${kind}/${imageId}`, payload: body.payload, headers: body.headers });
  };
  const originalsCount = async () => Number((await t.database.db.selectFrom('field_report_originals').select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()).n);

  it('keeps the original with its hash, capture time and place; the stored copy has no EXIF; a repeat changes nothing', async () => {
    const report = await newReport();
    const original = await makeExifJpeg(4000, 3000);
    expect((await exifr.gps(original)).latitude).toBeCloseTo(40.74167, 4);
    // What a browser sends: the picked file and its 1,600 px JPEG (canvas output has no EXIF).
    const photo = await sharp(original).resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 82 }).toBuffer();
    const imageId = randomUUID();
    const res = await put(report.id, imageId, { original, photo });
    expect(res.statusCode).toBe(200);
    const [image] = res.json().images;
    expect(image).toMatchObject({
      id: imageId, width: 1600, height: 1200, capturedAt: '2026-11-20T19:05:09.000Z',
      original: { sha256: sha(original), name: 'IMG_0001.JPG', size: original.length, type: 'image/jpeg' },
    });
    expect(image.latitude).toBeCloseTo(40.74167, 4);
    expect(image.longitude).toBeCloseTo(-73.9875, 4);

    // Shown, shared and printed copies carry no EXIF (no GPS, no time).
    for (const size of ['image', 'thumbnail']) {
      const copy = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/photos/${imageId}/${size}` })).rawPayload;
      expect((await sharp(copy).metadata()).exif).toBeUndefined();
      expect(await exifr.parse(copy)).toBeUndefined();
    }

    // The evidence copy: the very bytes picked, with their SHA-256.
    const copy = await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/photos/${imageId}/original` });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original)).toBe(true);
    expect(copy.headers['x-content-sha256']).toBe(sha(original));
    expect(copy.headers['repr-digest']).toBe(`sha-256=:${createHash('sha256').update(original).digest('base64')}:`);
    expect(copy.headers['content-type']).toBe('image/jpeg');
    expect(copy.headers['content-disposition']).toContain('filename="IMG_0001.JPG"');
    // Staff only.
    expect((await t.app.inject({ method: 'GET', url: `/api/field-reports/${report.id}/photos/${imageId}/original` })).statusCode).toBe(401);

    // The same id again (a retried upload) answers the list unchanged: stored exactly once.
    const puts = s3?.requests.filter((r) => r.method === 'PUT').length;
    const again = await put(report.id, imageId, { original, photo });
    expect(again.statusCode).toBe(200);
    expect(again.json().images).toEqual(res.json().images);
    expect(s3?.requests.filter((r) => r.method === 'PUT').length).toBe(puts);
    // That id on another report is a conflict.
    const other = await newReport();
    const clash = await put(other.id, imageId, { original, photo });
    expect(clash.statusCode).toBe(409);

    // Bytes live where configured, and never in audit rows.
    const row = await t.database.db.selectFrom('field_report_originals').selectAll().where('sha256', '=', sha(original)).executeTakeFirstOrThrow();
    if (where === 'bucket') {
      expect(row.bytes).toBeNull();
      expect(row.bucket).toBe(s3!.bucket);
      expect(s3!.objects.get(row.object_key!)?.body.equals(original)).toBe(true);
    } else {
      expect(row.bytes?.equals(original)).toBe(true);
    }
    const audit = await t.database.db.selectFrom('audit_log').select(['table_name', 'after']).where('row_id', '=', imageId).execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).toContain(sha(original));
    expect(Object.keys(audit[0]!.after as object)).not.toContain('image');
    expect(await t.database.db.selectFrom('audit_log').select('id').where('table_name', '=', 'field_report_originals').execute()).toHaveLength(0);
  });

  it('stores the original itself when no resized copy comes, and without EXIF says nothing of time and place', async () => {
    const report = await newReport();
    const png = await makePng(500, 400);
    const res = await put(report.id, randomUUID(), { original: png, name: 'plan.png' }, 'diagrams');
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toMatchObject({ width: 500, height: 400, capturedAt: null, latitude: null, longitude: null,
      original: { type: 'image/png', sha256: sha(png) } });
    // No original, or a text file: refused.
    expect((await put(report.id, randomUUID(), { photo: png })).statusCode).toBe(400);
    expect((await put(report.id, randomUUID(), { original: Buffer.from('hello') })).json().error.message).toContain('not a JPEG or PNG');
    // A HEIC original (an iPhone's) is kept as evidence when the browser sends a JPEG to show.
    const heic = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic'), Buffer.alloc(64, 1)]);
    const withJpeg = await put(report.id, randomUUID(), { original: heic, photo: await makeExifJpeg(300, 200), name: 'IMG_9.HEIC' });
    expect(withJpeg.statusCode).toBe(200);
    expect(withJpeg.json().images[0].original).toMatchObject({ type: 'image/heic', name: 'IMG_9.HEIC' });
  });

  it('a revision shares its originals; a deleted photo takes its unused original along', async () => {
    const report = await newReport();
    const original = await makeExifJpeg(1200, 900, { offset: '' , gps: [51.5007, -0.1246] });
    const imageId = randomUUID();
    const [image] = (await put(report.id, imageId, { original })).json().images;
    // No offset in EXIF: the camera's clock is read in the firm's zone (EST in November).
    expect(image.capturedAt).toBe('2026-11-20T19:05:09.000Z');
    const pdf = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}/pdf` })).rawPayload;
    expect(pdfPages(pdf).join('\n')).toContain('Taken 11/20/2026 2:05 PM EST at 51.50070, -0.12460');

    const before = await originalsCount();
    const signature = `data:image/png;base64,${(await makePng(300, 90)).toString('base64')}`;
    const current = (await inspector.request({ method: 'GET', url: `/api/field-reports/${report.id}` })).json();
    expect((await inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/certify`, payload: { version: current.version, drawnSignature: signature } })).statusCode).toBe(200);
    const revision = (await inspector.request({ method: 'POST', url: `/api/field-reports/${report.id}/revisions`, payload: { newId: randomUUID() } })).json();
    expect(revision.photos[0]).toMatchObject({ original: image.original, capturedAt: image.capturedAt, latitude: image.latitude });
    expect(await originalsCount()).toBe(before);
    const copy = await inspector.request({ method: 'GET', url: `/api/field-reports/${revision.id}/photos/${revision.photos[0].id}/original` });
    expect(copy.rawPayload.equals(original)).toBe(true);
    // Deleting the revision's copy keeps the original (the certified report still shows it)...
    await inspector.request({ method: 'DELETE', url: `/api/field-reports/${revision.id}/photos/${revision.photos[0].id}` });
    expect(await originalsCount()).toBe(before);
    // ...while a draft's own photo takes its original along when nothing else uses it.
    const draft = await newReport();
    const lone = await makeExifJpeg(640, 480, { taken: '2026:10:01 09:00:00' });
    const loneId = randomUUID();
    await put(draft.id, loneId, { original: lone });
    expect(await originalsCount()).toBe(before + 1);
    await inspector.request({ method: 'DELETE', url: `/api/field-reports/${draft.id}/photos/${loneId}` });
    expect(await originalsCount()).toBe(before);
    if (s3) expect([...s3.objects.keys()].some((k) => k.endsWith(sha(lone)))).toBe(false);
  });

  it.runIf(where === 'bucket')('a bucket that does not answer refuses the photo, and the retry stores it once', async () => {
    const report = await newReport();
    const original = await makeExifJpeg(800, 600, { taken: '2026:09:09 10:10:10' });
    const imageId = randomUUID();
    s3!.failNext(10);
    const down = await put(report.id, imageId, { original });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe('The photo store did not answer. The photo was not saved; please try again.');
    s3!.failNext(0);
    const up = await put(report.id, imageId, { original });
    expect(up.statusCode).toBe(200);
    expect(up.json().images).toHaveLength(1);
  });
});

describe('backups with originals in a bucket', () => {
  it('name the bucket that holds the originals', async () => {
    const s3 = await startFakeS3({ bucket: 'firm-photo-originals' });
    const dir = mkdtempSync(path.join(tmpdir(), 'casebook-backups-'));
    const t = await createTestApp({ ...s3.env(), BACKUP_DIR: dir });
    try {
      const admin = await t.signIn((await t.user('super_admin')).email);
      const { projectId } = await makeProject(t.database.db, (await t.user('limited_user')).id, 'Roof leak');
      const report = (await admin.request({ method: 'POST', url: '/api/field-reports', payload: { id: randomUUID(), projectId, reportType: 'Initial Inspection', date: today } })).json();
      const body = multipart([{ name: 'original', filename: 'roof.jpg', content: await makeExifJpeg(300, 200) }]);
      expect((await admin.request({ method: 'PUT', url: `/api/field-reports/${report.id}/photos/${randomUUID()}`, payload: body.payload, headers: body.headers })).statusCode).toBe(200);
      const made = await admin.request({ method: 'POST', url: '/api/backups' });
      expect(made.statusCode, made.body).toBeLessThan(300);
      let backups: { status: string; originalsBuckets: string[] }[] = [];
      for (let i = 0; i < 120 && !backups.some((b) => b.status === 'completed'); i++) {
        await new Promise((r) => setTimeout(r, 250));
        backups = (await admin.request({ method: 'GET', url: '/api/backups' })).json().backups;
      }
      expect(backups[0]).toMatchObject({ status: 'completed', originalsBuckets: ['firm-photo-originals'] });
    } finally {
      await t.close();
      await s3.close();
    }
  });
});
