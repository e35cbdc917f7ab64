// Creates (or resets) a user: the way to make the first super admin in production.
// Usage: npm run user:create -- --email a@firm.com --first Ana --last Diaz [--role super_admin]
// The password is read from CASEBOOK_PASSWORD or asked for on the terminal.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { ZDataRole } from '../../core/api/auth.ts';
import { ROLE_LABELS } from '../../core/users.ts';
import { openDatabaseFromEnv } from '../database-from-env.ts';
import { loadEnv } from '../env.ts';
import { createUser } from '../features/users/service.ts';
import { assertAcceptablePassword } from '../features/users/password-policy.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    role: { type: 'string', default: 'super_admin' },
  },
});

const Args = z.object({
  email: z.email(),
  first: z.string().min(1),
  last: z.string().min(1),
  role: ZDataRole,
});

async function readPassword(): Promise<string> {
  if (process.env.CASEBOOK_PASSWORD) return process.env.CASEBOOK_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question('Password (at least 12 characters): ');
  rl.close();
  return answer;
}

const args = Args.safeParse(values);
if (!args.success) {
  console.error('Usage: npm run user:create -- --email a@firm.com --first Ana --last Diaz [--role super_admin|admin|limited_user]');
  process.exit(2);
}
const password = await readPassword();
try {
  assertAcceptablePassword(password, args.data.email);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const env = loadEnv();
const { database, migrated } = await openDatabaseFromEnv(env);
await migrated;
try {
  const user = await createUser(database.db, {
    email: args.data.email, password, firstName: args.data.first, lastName: args.data.last, role: args.data.role,
  });
  console.log(`User ${user.email} is ready: ${ROLE_LABELS[args.data.role]}.`);
} finally {
  await database.close();
}
