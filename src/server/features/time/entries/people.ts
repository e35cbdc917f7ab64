import { sql } from 'kysely';
import type { DbOrTx } from '../../../db/connection.ts';

/** People by id as the screens name them: the profile's display name, else first and last name, else the e-mail. */
export async function peopleNames(db: DbOrTx, ids: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows = await db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', sql<string>`coalesce(nullif(btrim(profiles.display_name), ''),
      nullif(btrim(concat_ws(' ', users.first_name, users.last_name)), ''), users.email)`.as('name')])
    .where('users.id', 'in', unique).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}
