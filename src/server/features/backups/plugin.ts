import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ZBackup, ZBackupList, ZBackupNameParams, ZMaintenanceStatus, ZRestoreBody } from '../../../core/api/backups.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { readManifest } from './archive.ts';
import { BackupService } from './service.ts';
import { BackupStore } from './store.ts';
import { APP_VERSION } from './version.ts';

// A backup holds every password hash and every rate, cost and bill: admins see the list and start
// a backup; only super admins download, upload or restore (issue 22, docs/decisions/191).
const admin = { access: 'admin' } as const;
const superAdmin = { access: 'super_admin' } as const;
// An upload is a whole database: allow large files on this one route.
const UPLOAD_LIMIT = 64 * 1024 ** 3;

/** The backups plugin: Settings → Backups (admins; moving backups: super admins), the maintenance status, and the daily schedule (docs/decisions/072). */
export function backupPlugin({ app, database, env, jobs, maintenance }: AppContext) {
  const store = new BackupStore(path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')));
  const service = new BackupService({
    database, store, timeZone: env.TZ, appVersion: APP_VERSION, maintenance, log: app.log,
    pgliteDir: database.kind === 'pglite' && database.dataDir ? database.dataDir : undefined,
    pause: async () => {
      if (!jobs.started) return async () => undefined;
      await jobs.stop();
      return () => jobs.start();
    },
  });
  app.decorate('backups', service);
  jobs.every('backups.daily', { dailyAt: env.BACKUP_HOUR, timeZone: env.TZ }, () => service.scheduledBackup(env.BACKUP_KEEP));

  // Open without a session: the sign-in page and a signed-out browser ask it too.
  app.get('/api/maintenance', { config: { access: 'public', duringMaintenance: true }, schema: { response: { 200: ZMaintenanceStatus } } }, async () => ({ maintenance: maintenance.active }));

  app.get('/api/backups', { config: admin, schema: { response: { 200: ZBackupList } } }, async (request) => {
    requireUser(request);
    return {
      backups: await store.list(), activity: service.activity, directory: store.dir,
      schedule: { hour: env.BACKUP_HOUR, timeZone: env.TZ, keep: env.BACKUP_KEEP },
    };
  });

  // Starts a backup and answers at once; the list shows its progress.
  app.post('/api/backups', { config: admin, schema: { response: { 202: z.object({ started: z.boolean() }) } } }, async (request, reply) => {
    const { user } = requireUser(request);
    const run = service.backup('manual', { startedBy: user.displayName || user.email });
    run.catch(() => undefined);
    await Promise.race([run, new Promise((resolve) => setImmediate(resolve))]);
    return reply.status(202).send({ started: true });
  });

  app.get('/api/backups/:name/download', { config: superAdmin, schema: { params: ZBackupNameParams } }, async (request, reply) => {
    requireUser(request);
    const file = store.pathOf(request.params.name);
    await readManifest(file);
    return reply.header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${request.params.name}"`)
      .header('cache-control', 'no-store')
      .send(createReadStream(file));
  });

  app.register(async (scope) => {
    // The file itself is the body: anything else (JSON included) is a 415, never parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/octet-stream', { bodyLimit: UPLOAD_LIMIT }, (_request, payload, done) => done(null, payload));
    scope.post('/api/backups/upload', {
      config: superAdmin, bodyLimit: UPLOAD_LIMIT, schema: { response: { 200: ZBackup } },
    }, async (request) => {
      const { user } = requireUser(request);
      return service.receive(request.body as Readable, user.displayName || user.email);
    });
  });

  app.post('/api/backups/:name/restore', { config: superAdmin, schema: { params: ZBackupNameParams, body: ZRestoreBody, response: { 202: z.object({ started: z.boolean() }) } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { done } = await service.restore(store.pathOf(request.params.name), request.body.confirmation, user.displayName || user.email);
      done.catch(() => undefined);
      return reply.status(202).send({ started: true });
    });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Back up and restore; tests and the command line use it directly. */
    backups: BackupService;
  }
}
