import { sql } from 'kysely';
import { moneyAlertText, type TMoneyAlerts } from '../../../core/api/firm-profile.ts';
import { displayName } from '../../../core/people.ts';
import type { DbOrTx, Tx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

// Money's authority (issue 38, docs/decisions/184): a change of the remittance details or the tax id
// (what every bill tells a client to pay into) alerts every enabled super admin in the app, one row
// each, shown on their dashboard until they dismiss it. No alert mechanism existed; this is the small one.

/** Written in the transaction of the change, so an alert exists exactly when the change does. */
export async function alertSuperAdmins(tx: Tx, options: { actorId: string; fields: string[] }): Promise<void> {
  await sql`insert into money_alerts (user_id, actor_id, fields)
    select u.id, ${options.actorId}::uuid, ${options.fields}::text[] from users u left join user_roles r on r.user_id = u.id
    where not u.disabled and coalesce(r.role, u.role, 'limited_user') = 'super_admin'`.execute(tx);
}

/** The reader's alerts not yet dismissed, newest first (at most 20). */
export async function unreadAlerts(db: DbOrTx, userId: string): Promise<TMoneyAlerts> {
  const rows = await db.selectFrom('money_alerts as a').leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('profiles as p', 'p.id', 'u.id')
    .select(['a.id', 'a.created_at', 'a.fields', 'u.email', 'p.first_name', 'p.last_name'])
    .where('a.user_id', '=', userId).where('a.read_at', 'is', null).orderBy('a.id', 'desc').limit(20).execute();
  return {
    alerts: rows.map((r) => ({
      id: Number(r.id), at: new Date(r.created_at).toISOString(),
      text: moneyAlertText(r.email ? displayName({ email: r.email, first_name: r.first_name, last_name: r.last_name }) : null, r.fields),
    })),
  };
}

/** Dismiss one of the reader's own alerts. */
export async function dismissAlert(db: DbOrTx, options: { userId: string; id: number }): Promise<void> {
  const result = await db.updateTable('money_alerts').set({ read_at: new Date() })
    .where('id', '=', options.id).where('user_id', '=', options.userId).where('read_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('RECORD_NOT_FOUND');
}
