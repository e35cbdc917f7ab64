// Demo data: a small New Jersey / New York forensic-engineering and construction-consulting firm.
// Seeded once, on the first start in demo mode, when the database has no users.
import { sql, type Insertable } from 'kysely';
import type { Db, DbOrTx, Tx } from '../db/connection.ts';
import type { Database } from '../db/types.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './demo-accounts.ts';
import type { DataRole } from './demo-data.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoWeeks } from './demo-weeks.ts';
import { seedDemoDeadlines } from './demo-deadlines.ts';
import { buildOrg } from './demo-org.ts';
import { Rng } from './demo-random.ts';
import { buildWork } from './demo-work.ts';

export interface DemoSignIn {
  email: string;
  password: string;
  role: 'super_admin' | 'admin' | 'limited_user';
  name: string;
}

/** Fixed seed: every fresh start produces the same firm, cases and entries (dates relative to today). */
const SEED = 20260142;
const SIGN_IN_USERS: Record<DataRole, string> = { super_admin: 'mhale', admin: 'dpark', limited_user: 'jwhitaker' };
const CHUNK = 250;

export async function hasAnyUser(db: DbOrTx): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the demo data in one transaction; returns one sign-in per data role to print at start. */
export async function seedDemo(db: Db): Promise<DemoSignIn[]> {
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const rng = new Rng(SEED);
  // Demo only: every demo account shares one password, so it is hashed once (argon2id is ~50 ms a hash).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const org = buildOrg(rng, today, passwordHash);
  const work = buildWork(rng, today, now, org.seedCases, org.seedProjects);
  const superAdmin = org.people.find((p) => p.email === DEMO_ADMIN_EMAIL && p.role === 'super_admin');
  if (!superAdmin) throw new Error(`demo data has no super admin ${DEMO_ADMIN_EMAIL}`);

  await db.transaction().execute(async (tx) => {
    await insert(tx, 'users', org.users);
    // The audit triggers read the acting user from this transaction-local setting.
    await sql`select set_config('casebook.actor', ${superAdmin.id}, true)`.execute(tx);
    await insert(tx, 'profiles', org.profiles);
    await insert(tx, 'user_roles', org.userRoles);
    await insert(tx, 'rate_codes', org.rateCodes);
    await insert(tx, 'rate_code_items', org.rateCodeItems);
    await insert(tx, 'law_firms', org.lawFirms);
    await insert(tx, 'attorneys', org.attorneys);
    await insert(tx, 'clients', org.clients);
    await insert(tx, 'cases', org.cases);
    await insert(tx, 'case_rate_assignments', org.caseRates);
    await insert(tx, 'projects', org.projects);
    await insert(tx, 'time_entries', work.timeEntries);
    await insert(tx, 'expense_entries', work.expenses);
    await insert(tx, 'action_items', work.actionItems);
  });
  await seedDemoBilling(db, { actorId: superAdmin.id, today: isoDay(today) });
  const limitedUser = org.people.find((p) => p.key === SIGN_IN_USERS.limited_user);
  const admin = org.people.find((p) => p.key === SIGN_IN_USERS.admin);
  if (!admin) throw new Error('demo data has no administrator');
  await seedDemoWeeks(db, { approverIds: [superAdmin.id, admin.id], today: isoDay(today), notSubmittedEmail: limitedUser?.email ?? '' });
  await seedDemoDeadlines(db, {
    actorId: superAdmin.id, today: isoDay(today), caseIds: org.seedCases.slice(0, 3).map((c) => c.id), adminId: admin.id,
    limitedId: limitedUser?.id ?? admin.id,
  });

  return (Object.entries(SIGN_IN_USERS) as [DataRole, string][]).map(([role, key]) => {
    const person = org.people.find((p) => p.key === key);
    if (!person) throw new Error(`demo user ${key} is missing`);
    return { email: person.email, password: DEMO_PASSWORD, role, name: person.name };
  });
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

type Table =
  | 'users' | 'profiles' | 'user_roles' | 'rate_codes' | 'rate_code_items' | 'law_firms' | 'attorneys' | 'clients'
  | 'cases' | 'case_rate_assignments' | 'projects' | 'time_entries' | 'expense_entries' | 'action_items';

/** Bulk insert in chunks (keeps each statement well under the bind-parameter limit). */
async function insert<T extends Table>(tx: Tx, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Rows are typed by the caller; Kysely cannot narrow a generic table name on its own.
    await tx.insertInto(table).values(rows.slice(i, i + CHUNK) as never).execute();
  }
}
