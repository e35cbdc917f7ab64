// Creates (or resets) a user: the way to make the first super admin in production.
// Usage: npm run user:create -- --email a@firm.com --first Ana --last Diaz [--role super_admin] [--new-database]
// The password is asked for on the terminal (not shown), or read from CASEBOOK_PASSWORD.
// It opens the database the app uses, with the same settings (docs/decisions/154): on PostgreSQL while
// the app runs; the embedded database only while the app is stopped. In production it never makes a new
// embedded database unasked (a forgotten DATABASE_URL or DATA_DIR would put the user where the app never looks).
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZDataRole } from '../../core/api/auth.ts';
import { ROLE_LABELS } from '../../core/accounts/users.ts';
import { embeddedDatabaseExists } from '../database-from-env.ts';
import { loadEnv } from '../env.ts';
import { createUser } from '../features/users/service.ts';
import { assertAcceptablePassword } from '../features/users/password-policy.ts';
import { CommandError, openDatabaseForCommand, runCommand } from './command.ts';

const USAGE = 'Usage: npm run user:create -- --email a@firm.com --first Ana --last Diaz [--role super_admin|admin|limited_user] [--new-database]';

const Args = z.object({
  email: z.email(),
  first: z.string().trim().min(1),
  last: z.string().trim().min(1),
  role: ZDataRole,
  'new-database': z.boolean(),
});

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        first: { type: 'string' },
        last: { type: 'string' },
        role: { type: 'string', default: 'super_admin' },
        'new-database': { type: 'boolean', default: false },
      },
    });
    return Args.parse(values);
  } catch {
    throw new CommandError(USAGE);
  }
}

/** The password: CASEBOOK_PASSWORD, else asked for; a terminal does not show what is typed. */
async function readPassword(): Promise<string> {
  if (process.env.CASEBOOK_PASSWORD) return process.env.CASEBOOK_PASSWORD;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const ended = new Promise<never>((_, reject) => {
    rl.once('close', () => reject(new CommandError('No password was given: type it when asked, or set CASEBOOK_PASSWORD.')));
    // Ctrl+C on a terminal (readline would only pause): stop without creating anyone.
    rl.once('SIGINT', () => reject(new CommandError('Stopped: no user was created.')));
  });
  try {
    const answer = rl.question('Password (at least 12 characters, not shown): ');
    muted = true;
    return await Promise.race([answer, ended]);
  } finally {
    muted = false;
    if (process.stdin.isTTY) process.stdout.write('\n');
    rl.close();
  }
}

await runCommand(async () => {
  const args = readArgs();
  const env = loadEnv();
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !args['new-database'] && !embeddedDatabaseExists(env)) {
    throw new CommandError(
      `No database to add the user to: set DATABASE_URL to the app's PostgreSQL, or DATA_DIR to the folder of its embedded database `
      + `(${env.DATA_DIR} holds none); to make a new embedded database there, add --new-database.`,
    );
  }
  const database = await openDatabaseForCommand(env,
    'stop it, run this command, and start it again (or, signed in as an administrator, add the user in Settings → Users).');
  try {
    const password = await readPassword();
    assertAcceptablePassword(password, args.email);
    const user = await createUser(database.db, {
      email: args.email, password, firstName: args.first, lastName: args.last, role: args.role,
    });
    console.log(`User ${user.email} is ready: ${ROLE_LABELS[args.role]}.`);
  } finally {
    await database.close();
  }
});
