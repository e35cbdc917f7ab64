import { buildApp } from './app.ts';
import { openDatabaseFromEnv, sessionSecretFromEnv, tokenKeyFromEnv } from './database-from-env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { MigrationChangedError } from './db/migrate.ts';
import { DEMO_ADMIN_EMAIL } from './seed/demo-accounts.ts';
import { hasAnyUser, seedDemo, type DemoSignIn } from './seed/demo.ts';
import { finishFirstRunForDemo } from './features/first-run/service.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { publicUrlProblemAtStart } from './features/sign-in-providers/settings.ts';
import { ROLE_LABELS } from '../core/accounts/users.ts';
import { setupAddress } from '../core/accounts/setup-address.ts';
import { issueSetupToken } from './features/setup-address/service.ts';

async function main() {
  const env = loadEnv();
  process.env.TZ = env.TZ;
  const { database, migrated, restoring } = await openDatabaseFromEnv(env);
  // Checked before anything listens; during a restore, once it has finished and the data is migrated.
  const dataChecked = migrated.then(() => checkConfigAgainstData(database, env));
  dataChecked.catch(() => undefined); // awaited below
  if (!restoring) await dataChecked;

  const app = await buildApp({
    database,
    env,
    sessionSecret: await sessionSecretFromEnv(env),
    tokenKey: await tokenKeyFromEnv(env),
    demoAdminEmail: env.demo ? DEMO_ADMIN_EMAIL : undefined,
    logger: true,
    // Until the migrations and the demo data are done, the API says 'starting' (docs/decisions/112).
    starting: true,
  });

  // Graceful shutdown (docs/decisions/053): drain, close, flush, exit 0; bounded, and a second signal forces it.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting for the shutdown to finish`);
      process.exit(1);
    }
    closing = true;
    setTimeout(() => {
      app.log.error(`Shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (${env.SHUTDOWN_TIMEOUT_SECONDS} s): exiting anyway`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    app.log.info(`${signal}: draining: new requests answer 503; finishing ${app.drain.inFlight} requests and the jobs in hand`);
    await app.drain.begin(env.SHUTDOWN_GRACE_SECONDS * 1000); // also ends event streams and stops claiming jobs
    await app.close(); // closes the listener and idle keep-alive connections, then the onClose hooks
    await database.close(); // PGlite: shuts down cleanly (its files complete on disk), then frees DATA_DIR's lock
    process.exit(0);
  };
  const onSignal = (signal: string) => () => shutdown(signal).catch((error: unknown) => {
    console.error('Casebook failed to shut down cleanly:', error);
    process.exit(1);
  });
  process.on('SIGTERM', onSignal('SIGTERM'));
  process.on('SIGINT', onSignal('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  // Started in the middle of a restore: the maintenance page answers until it has finished.
  await dataChecked;
  let signIns: DemoSignIn[] = [];
  if (env.demo && !(await hasAnyUser(database.db))) {
    signIns = await seedDemo(database.db);
    await finishFirstRunForDemo(database.db);
  }
  app.starting.ready();
  if (!closing) await app.jobs.start();
  const port = (app.server.address() as { port: number }).port;
  const url = `http://${['0.0.0.0', '::'].includes(env.HOST) ? 'localhost' : env.HOST}:${port}`;
  const lines = [
    '',
    `  Casebook${env.FIRM_NAME === 'Casebook' ? '' : ` for ${env.FIRM_NAME}`} is running at ${url}`,
    `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`}`,
  ];
  if (env.demo) {
    lines.push(...demoBanner(env.HOST));
    lines.push(signIns.length ? '  Demo data was created. Sign in with:' : '  Demo sign-ins (password casebook-demo):');
    for (const s of signIns) lines.push(`    ${ROLE_LABELS[s.role].padEnd(13)} ${s.email}  /  ${s.password}`);
    if (!signIns.length) lines.push(`    ${ROLE_LABELS.super_admin.padEnd(13)} ${DEMO_ADMIN_EMAIL}`);
  } else {
    // No users yet: a one-time address creates the first super admin in the browser (docs/decisions/117).
    const token = await issueSetupToken(database.db);
    if (token) {
      lines.push(
        '', '  No users yet. Open this one-time setup address to create the first super admin:',
        `    ${setupAddress(env.PUBLIC_URL ?? url, token)}`,
        '  It works until someone has used it (or `npm run user:create` has made a user); keep it private.', '',
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

/**
 * Configuration that depends on what Settings hold: sign-in providers never trust the Host header, so
 * in production one that is on needs PUBLIC_URL (docs/decisions/168). Stops the start, naming it.
 */
async function checkConfigAgainstData(database: DatabaseHandle, env: Env) {
  const problem = await publicUrlProblemAtStart(database.db, env);
  if (!problem) return;
  await database.close();
  throw new EnvError(problem);
}

/** Says plainly what demo mode allows and how to run for real (issue 14). */
function demoBanner(host: string): string[] {
  return [
    '',
    '  DEMO MODE: sample firm data, shared demo passwords and a password-free "Use test account" sign-in',
    `  (accepted only from this computer). Listening on ${host}${host === '127.0.0.1' ? ' only: other computers cannot connect (set HOST to change)' : ''}.`,
    '  To run for real: see the README\'s production recipe (NODE_ENV=production, a PostgreSQL DATABASE_URL or',
    '  a new DATA_DIR, then `npm run user:create -- --email you@firm.com --first Ana --last Diaz --role super_admin`,',
    '  with `--new-database` for a new embedded DATA_DIR).',
    '',
  ];
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof MigrationChangedError) {
    console.error(error.message);
  } else {
    console.error('Casebook failed to start:', error);
  }
  process.exit(1);
});
