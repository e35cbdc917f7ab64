import { sql } from 'kysely';
import type { TDataRole } from '../../../core/api/auth.ts';
import { displayName, initialsFor } from '../../../core/people.ts';
import { defaultDisplayRole } from '../../../core/accounts/users.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { hashPassword } from '../auth/index.ts';

/** A new user's password, or its argon2id hash when many accounts share one password (demo data, tests): hashed once. */
export type NewUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  role: TDataRole;
  displayRole?: 'Administrator' | 'Admin Assistant' | 'User';
} & ({ password: string } | { passwordHash: string });

/** Creates a user with profile and role, or resets the password and role of an existing e-mail. */
export async function createUser(db: DbOrTx, input: NewUserInput) {
  const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
  const run = async (tx: DbOrTx) => {
    const existing = await tx.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email.toLowerCase()).executeTakeFirst();
    const values = { email: input.email, password_hash: passwordHash, first_name: input.firstName, last_name: input.lastName, disabled: false,
      one_time_password_expires_at: null };
    const user = existing
      ? await tx.updateTable('users').set(values).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
      : await tx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    await tx.insertInto('user_roles').values({ user_id: user.id, role: input.role })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ role: input.role })).execute();
    const profile = {
      email: user.email,
      display_name: displayName({ email: user.email, first_name: input.firstName, last_name: input.lastName }),
      initials: initialsFor(user.email, `${input.firstName} ${input.lastName}`),
      first_name: input.firstName,
      last_name: input.lastName,
      role: input.displayRole ?? defaultDisplayRole(input.role),
    } as const;
    await tx.insertInto('profiles').values({ id: user.id, ...profile })
      .onConflict((oc) => oc.column('id').doUpdateSet(profile)).execute();
    return user;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
