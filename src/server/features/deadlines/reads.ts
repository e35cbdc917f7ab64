import { sql } from 'kysely';
import type {
  TAssignableUsers, TCaseChain, TCaseDeadlines, TChainStep, TDeadline, TUpcomingDeadlines,
} from '../../../core/api/deadlines.ts';
import { closedReason } from '../../../core/dates/court-days.ts';
import type { DeadlineKind, DeadlineSource } from '../../../core/calendar/deadlines.ts';
import { addDays } from '../../../core/dates/iso-date.ts';
import { displayName } from '../../../core/people.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { federalHolidayName } from './holidays.ts';

/** How far ahead the dashboard looks: today and the 14 days after it. */
export const UPCOMING_DAYS = 14;

/** A date column as YYYY-MM-DD whatever the driver made of it. */
export const isoOf = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const isoOrNull = (value: string | Date | null) => (value === null ? null : isoOf(value));

export interface DeadlineRow {
  id: string;
  case_id: string;
  title: string;
  kind: DeadlineKind;
  source: DeadlineSource;
  due_date: string;
  assignee_id: string | null;
  notes: string;
  chain_id: string | null;
  chain_step: string | null;
  landed_on: string | null;
  chain_date: string | null;
  set_by_hand: boolean;
  version: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** Every column a deadline is answered with; dates as text (no zone can move them). */
export const DEADLINE_COLUMNS = sql`
  d.id, d.case_id, d.title, d.kind, d.source, d.due_date::text as due_date, d.assignee_id, d.notes, d.chain_id, d.chain_step,
  d.landed_on::text as landed_on, d.chain_date::text as chain_date, d.set_by_hand, d.version, u.email, p.first_name, p.last_name`;
export const DEADLINE_JOINS = sql`left join users u on u.id = d.assignee_id left join profiles p on p.id = d.assignee_id`;

export const nameOf = (row: { email: string | null; first_name: string | null; last_name: string | null }) =>
  (row.email ? displayName({ email: row.email, first_name: row.first_name, last_name: row.last_name }) : null);

export function toDeadline(row: DeadlineRow): TDeadline {
  const landed = isoOrNull(row.landed_on);
  const chainDate = isoOrNull(row.chain_date);
  const moved = landed !== null && chainDate !== null && landed !== chainDate;
  return {
    id: row.id, caseId: row.case_id, title: row.title, kind: row.kind, source: row.source, dueDate: isoOf(row.due_date),
    assigneeId: row.assignee_id, assigneeName: nameOf(row), notes: row.notes, chainId: row.chain_id, chainStep: row.chain_step,
    chainDate, landedOn: moved ? landed : null, movedBecause: moved ? closedReason(landed, federalHolidayName) : null,
    setByHand: row.set_by_hand, version: row.version,
  };
}

interface ChainRow {
  id: string; case_id: string; template_id: string | null; name: string; trigger_label: string; trigger_kind: DeadlineKind;
  trigger_date: string; steps: TChainStep[]; version: number;
}

export const toChain = (row: ChainRow): TCaseChain => ({
  id: row.id, caseId: row.case_id, templateId: row.template_id, name: row.name, triggerLabel: row.trigger_label,
  triggerKind: row.trigger_kind, triggerDate: isoOf(row.trigger_date), steps: row.steps, version: row.version,
});

export const readChain = async (db: DbOrTx, id: string): Promise<TCaseChain | null> => {
  const row = (await sql<ChainRow>`
    select id, case_id, template_id, name, trigger_label, trigger_kind, trigger_date::text as trigger_date, steps, version
    from case_deadline_chains where id = ${id}`.execute(db)).rows[0];
  return row ? toChain(row) : null;
};

/** A case's deadlines by date, and its chains (oldest first). */
export async function caseDeadlines(db: DbOrTx, caseId: string): Promise<TCaseDeadlines> {
  const [deadlines, chains] = await Promise.all([
    sql<DeadlineRow>`select ${DEADLINE_COLUMNS} from case_deadlines d ${DEADLINE_JOINS}
      where d.case_id = ${caseId} order by d.due_date, d.title, d.id`.execute(db),
    sql<ChainRow>`
      select id, case_id, template_id, name, trigger_label, trigger_kind, trigger_date::text as trigger_date, steps, version
      from case_deadline_chains where case_id = ${caseId} order by created_at, id`.execute(db),
  ]);
  return { deadlines: deadlines.rows.map(toDeadline), chains: chains.rows.map(toChain) };
}

/** The dashboard: the firm's deadlines from `today` through 14 days after, by date (at most 100). */
export async function upcomingDeadlines(db: DbOrTx, today: string): Promise<TUpcomingDeadlines> {
  const to = addDays(today, UPCOMING_DAYS);
  const { rows } = await sql<DeadlineRow & { file_number: string; case_name: string | null }>`
    select ${DEADLINE_COLUMNS}, c.file_number, c.case_name from case_deadlines d join cases c on c.id = d.case_id ${DEADLINE_JOINS}
    where d.due_date between ${today}::date and ${to}::date
    order by d.due_date, c.file_number, d.title limit 100`.execute(db);
  return {
    from: today, to,
    deadlines: rows.map((r) => ({
      id: r.id, caseId: r.case_id, fileNumber: r.file_number, caseName: r.case_name, title: r.title, kind: r.kind,
      dueDate: isoOf(r.due_date), assigneeId: r.assignee_id, assigneeName: nameOf(r), setByHand: r.set_by_hand,
    })),
  };
}

/** Active users, by name: who a deadline can be assigned to. */
export async function assignableUsers(db: DbOrTx): Promise<TAssignableUsers> {
  const { rows } = await sql<{ id: string; email: string; first_name: string | null; last_name: string | null }>`
    select u.id, u.email, p.first_name, p.last_name from users u left join profiles p on p.id = u.id
    where not u.disabled`.execute(db);
  return { users: rows.map((r) => ({ id: r.id, name: displayName(r) })).sort((a, b) => a.name.localeCompare(b.name)) };
}
