import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TFirstSuperAdminBody } from '../../../core/api/setup-address.ts';
import { setupTokenRefusal } from '../../../core/accounts/setup-address.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import type { User } from '../../db/types.ts';
import { AppError } from '../../errors/app-error.ts';
import { assertAcceptablePassword, createUser } from '../users/index.ts';

// One-time setup addresses (migration 035, docs/decisions/117): the token is printed once, kept as a hash.

const hashOf = (token: string) => createHash('sha256').update(token).digest();

const hasAnyUser = async (db: DbOrTx) => (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;

/** Whether the token's hash is one of these, each compared in constant time. */
function known(token: string, hashes: string[]): boolean {
  const presented = hashOf(token);
  return hashes.map((hash) => timingSafeEqual(presented, Buffer.from(hash, 'hex'))).includes(true);
}

/** A start with no users: a new token (its hash kept beside those of earlier starts), else null. */
export async function issueSetupToken(db: DbOrTx): Promise<string | null> {
  if (await hasAnyUser(db)) return null;
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('setup_tokens').values({ token_hash: hashOf(token).toString('hex') }).execute();
  return token;
}

async function assertUsable(db: DbOrTx, token: string, hashes: string[]) {
  const refusal = setupTokenRefusal({ usersExist: await hasAnyUser(db), tokenKnown: known(token, hashes) });
  if (refusal) throw new AppError('PERMISSION_DENIED', refusal);
}

/** The address opened: refused (with the reason) unless it can still create the first super admin. */
export async function checkSetupToken(db: DbOrTx, token: string): Promise<void> {
  const rows = await db.selectFrom('setup_tokens').select('token_hash').execute();
  await assertUsable(db, token, rows.map((r) => r.token_hash));
}

/**
 * Creates the first super admin and uses up every setup address. The tokens are deleted first: a
 * second request at the same moment waits for them, then finds none and the user this one made.
 */
export async function createFirstSuperAdmin(db: Db, body: TFirstSuperAdminBody): Promise<User> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx.deleteFrom('setup_tokens').returning('token_hash').execute();
    await assertUsable(tx, body.token, rows.map((r) => r.token_hash));
    assertAcceptablePassword(body.password, body.email);
    return createUser(tx, { email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName, role: 'super_admin' });
  });
}
