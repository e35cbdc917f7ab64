import { describe, expect, it } from 'vitest';
import { buildOrg } from './demo-org.ts';
import { Rng } from './demo-random.ts';
import { buildWork } from './demo-work.ts';

/** The demo firm's work as seeded at `now`, without ids or creation times (which follow the clock). */
function demoAt(now: Date) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const rng = new Rng(20260142);
  const org = buildOrg(rng, today, 'hash');
  const work = buildWork(rng, today, now, org.seedCases, org.seedProjects);
  const project = new Map(org.projects.map((p) => [p.id, p.project_number]));
  return {
    work,
    shape: {
      time: work.timeEntries.map((e) => [project.get(e.project_id), e.entry_date, e.job_type, e.hours, e.description].join('|')),
      expenses: work.expenses.map((e) => [project.get(e.project_id), e.entry_date, e.expense_type, e.amount].join('|')),
      actionItems: work.actionItems.map((a) => [project.get(a.project_id), a.title, a.due_date, a.status, a.archived].join('|')),
    },
  };
}

describe('demo work', () => {
  it('is the same rows at any hour of the day (only creation times move back before now)', () => {
    const night = demoAt(new Date(2026, 10, 26, 23, 30));
    for (const hour of [0, 7, 10, 12, 15, 18]) {
      const now = new Date(2026, 10, 26, hour, 30);
      const demo = demoAt(now);
      expect(demo.shape, `at ${hour}:30`).toEqual(night.shape);
      const created = [...demo.work.timeEntries, ...demo.work.expenses, ...demo.work.actionItems].map((r) => new Date(r.created_at as Date));
      expect(created.filter((d) => d.getTime() > now.getTime()), `at ${hour}:30`).toEqual([]);
    }
  });

  it('is as many rows of each kind on any day', () => {
    const counts = (now: Date) => {
      const { shape } = demoAt(now);
      return [shape.time.length, shape.expenses.length, shape.actionItems.length];
    };
    const first = counts(new Date(2026, 10, 26, 21));
    for (const day of [new Date(2026, 10, 28, 21), new Date(2026, 2, 8, 21), new Date(2027, 0, 1, 9)]) {
      expect(counts(day), day.toDateString()).toEqual(first);
    }
  });
});
