// Builds demo time entries, expenses and action items for the projects of demo-org.ts (rows only, no I/O).
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { resolveRate } from '../../core/rates.ts';
import type { Database } from '../db/types.ts';
import { ACTION_TEMPLATES, EXPENSE_KINDS, MEETING_TIMES, OFFICE_LOCATION, templatesFor } from './demo-text.ts';
import { dayAt, Rng, round1, round2, timeOf, workday, ymd } from './demo-random.ts';
import type { SeedCase, SeedProject, SeedUser } from './demo-org.ts';

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface WorkRows {
  timeEntries: Row<'time_entries'>[];
  expenses: Row<'expense_entries'>[];
  actionItems: Row<'action_items'>[];
}

const ENTRY_WINDOW_DAYS = 120;
const HOT_CASE = 10;
const BUSY_CASES = [3, 8, 15, 22];
const EXPENSE_COUNT = 130;
const ACTION_ITEM_COUNT = 60;
/** The stream for pulling rows back before "now" (see buildWork). */
const LATE_SEED = 20261126;

interface TimeEntry { row: Row<'time_entries'>; user: SeedUser; day: number; created: Date }

export function buildWork(rng: Rng, today: Date, now: Date, cases: SeedCase[], projects: SeedProject[]): WorkRows {
  // How many of today's rows fall after "now" depends on the time of day: their draws come from a
  // stream of their own, so the main one (and with it every row) is the same at any hour (issue 22).
  const late = new Rng(LATE_SEED);
  const notAfterNow = (d: Date) => (d.getTime() > now.getTime() ? new Date(now.getTime() - late.int(1, 90) * 60_000) : d);
  const primaryOf = (i: number) => projects.find((p) => p.case === cases[i] && p.index === 0);
  const hot = primaryOf(HOT_CASE);
  const busy = new Set(BUSY_CASES.map(primaryOf));

  // Time entries ---------------------------------------------------------------------
  const entries: TimeEntry[] = [];
  for (const p of projects) {
    let count: number;
    if (p.case === cases[0]) count = 0; // the newest case has had no work yet
    else if (p === hot) count = 60;
    else if (busy.has(p)) count = rng.int(18, 28);
    else if (p.status === 'closed') count = rng.int(0, 4);
    else if (p.index > 0) count = rng.int(0, 6);
    else count = rng.chance(0.1) ? 0 : rng.int(2, 10);

    const lo = Math.max(-ENTRY_WINDOW_DAYS, p.createdDay);
    const hi = p.status === 'closed' ? Math.min(0, lo + 40) : 0;
    const team = p.case.team.filter((u) => (u.lastWorkedDay ?? 0) >= lo);
    for (let n = 0; n < count && team.length > 0; n++) {
      const user = rng.weighted(team, (u) => (u === team[0] ? 4 : u.role === 'super_admin' ? 1.5 : 1));
      const top = Math.min(hi, user.lastWorkedDay ?? 0);
      const day = workday(today, rng.int(lo, top), lo);
      const jobType = jobTypeFor(rng, user, p.case);
      const template = rng.pick(templatesFor(jobType));
      const hours = Math.min(8, Math.max(0.3, round1(rng.between(template.minHours, template.maxHours))));
      const rate = resolveRate({ customRates: p.case.customRates, jobType, rateCodeItems: p.case.items });
      const created = notAfterNow(dayAt(today, day, rng.int(9, 18), rng.int(0, 59)));
      entries.push({
        user, day, created,
        row: {
          id: randomUUID(), project_id: p.id, user_id: user.id, created_by: user.id, entry_date: ymd(today, day),
          job_type: jobType, hours, rate, description: template.description, work_details: template.workDetails,
          initials: user.initials.slice(0, 3), created_at: created, updated_at: created,
        },
      });
    }
  }

  // Expenses: each one rides along with a day of logged work ---------------------------------
  const expenses: Row<'expense_entries'>[] = [];
  const fieldWork = entries.filter((e) => e.row.work_details !== 'email' && e.row.work_details !== 'tc');
  for (let n = 0; n < EXPENSE_COUNT && fieldWork.length > 0; n++) {
    const e = rng.pick(fieldWork);
    const kind = e.user.key === 'dpark'
      ? (EXPENSE_KINDS.find((k) => k.type === 'CpyScngPrntg') ?? EXPENSE_KINDS[0]!)
      : rng.weighted(EXPENSE_KINDS, (k) => k.weight);
    const created = notAfterNow(new Date(e.created.getTime() + rng.int(5, 240) * 60_000));
    expenses.push({
      id: randomUUID(), project_id: e.row.project_id, user_id: e.user.id, created_by: e.user.id,
      entry_date: e.row.entry_date, expense_type: kind.type, amount: round2(rng.between(kind.min, kind.max)),
      description: rng.pick(kind.descriptions), initials: e.user.initials.slice(0, 3), created_at: created, updated_at: created,
    });
  }

  return { timeEntries: entries.map((e) => e.row), expenses, actionItems: buildActionItems(rng, today, notAfterNow, cases, projects, hot, busy) };
}

function jobTypeFor(rng: Rng, user: SeedUser, c: SeedCase): string {
  const active = c.items.filter((it) => it.active).map((it) => it.job_type);
  const preferred = user.jobTypes.filter((j) => active.includes(j));
  if (preferred.length > 0) return preferred.length > 1 && rng.chance(0.3) ? (preferred[1] as string) : (preferred[0] as string);
  return active.includes('Senior Consultant') ? 'Senior Consultant' : (active[0] as string);
}

type Status = 'pending' | 'in_progress' | 'completed' | 'cancelled';

function buildActionItems(
  rng: Rng, today: Date, notAfterNow: (d: Date) => Date, cases: SeedCase[], projects: SeedProject[],
  hot: SeedProject | undefined, busy: Set<SeedProject | undefined>,
): Row<'action_items'>[] {
  const open = projects.filter((p) => p.status !== 'closed');
  const targets: SeedProject[] = [];
  if (hot) targets.push(...Array<SeedProject>(6).fill(hot));
  for (const p of busy) if (p) targets.push(p, p, p);
  targets.push(...projects.filter((p) => p.case === cases[0]).slice(0, 2));
  while (targets.length < ACTION_ITEM_COUNT) targets.push(rng.pick(open));

  const statuses: Status[] = ['pending', 'in_progress', 'completed', 'cancelled'];
  const weights: Record<Status, number> = { pending: 0.42, in_progress: 0.1, completed: 0.38, cancelled: 0.1 };
  const creators = (p: SeedProject) => [...p.case.team.filter((u) => !u.disabled && u.role !== 'limited_user'), ...p.case.team.slice(0, 1)];

  return targets.map((p, n) => {
    // The first four cover every status even if the dice say otherwise.
    const status = n < statuses.length ? (statuses[n] as Status) : rng.weighted(statuses, (s) => weights[s]);
    let template = rng.pick(ACTION_TEMPLATES);
    for (let tries = 0; tries < 5 && template.location === 'firm' && !p.case.attorney; tries++) template = rng.pick(ACTION_TEMPLATES);
    const team = p.case.team.filter((u) => !u.disabled);
    const assignee = template.location === 'firm' ? (team[1] ?? team[0]) : rng.chance(0.7) ? team[0] : rng.pick(team);

    const dueDay = status === 'completed' ? rng.int(-30, 3)
      : status === 'cancelled' ? rng.int(-30, 20)
      : status === 'in_progress' ? rng.int(-5, 20)
      : rng.chance(0.15) ? rng.int(-14, -1) : rng.int(0, 45);
    const completedDay = status === 'completed' ? Math.min(0, dueDay + rng.int(-4, 1)) : null;
    const archived = (completedDay !== null && completedDay < -10 && rng.chance(0.6)) || (status === 'cancelled' && rng.chance(0.5));
    const createdDay = Math.max(p.createdDay, Math.min(dueDay - rng.int(2, 21), completedDay ?? 0, -1));

    const start = template.minutes ? rng.pick(MEETING_TIMES) : null;
    let location: string | null = null;
    let locationAddress: string | null = null;
    if (template.location === 'site') {
      location = p.address.fullAddress;
      locationAddress = JSON.stringify(p.address);
    } else if (template.location === 'firm' && p.case.attorney) {
      location = `${p.case.attorney.firm.name}, ${p.case.attorney.firm.address.fullAddress}`;
      locationAddress = JSON.stringify(p.case.attorney.firm.address);
    } else if (template.location) {
      location = OFFICE_LOCATION;
    }
    const title = template.title === 'Deposition' && assignee ? `Deposition of ${assignee.name}`
      : template.title === 'Site inspection' ? `Site inspection at ${p.propertyAddress}` : template.title;
    const created = notAfterNow(dayAt(today, createdDay, rng.int(8, 17), rng.int(0, 59)));
    return {
      project_id: p.id, created_by: rng.pick(creators(p)).id, assigned_to: assignee?.id ?? null,
      title, description: template.description, due_date: ymd(today, dueDay),
      start_time: start ? timeOf(start) : null, end_time: start ? timeOf(start, template.minutes) : null,
      due_time: start ? timeOf(start) : null, priority: 'medium', status,
      completed_at: completedDay === null ? null : ymd(today, completedDay),
      location, location_address: locationAddress,
      url: template.online ? `https://meet.example.com/cb-${rng.hex(4)}-${rng.hex(4)}` : null,
      synced_to_calendar: false, google_event_id: null, archived, created_at: created, updated_at: created,
    } satisfies Row<'action_items'>;
  });
}
