import { sql } from 'kysely';
import type { TFirstRunState } from '../../../core/api/first-run.ts';
import { FIRST_RUN_STEPS, firstRunOwed, nextStep, type FirstRunStep, type StepAnswers, type StepOutcome } from '../../../core/accounts/first-run.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';

// The first-run setup (migration 027, issue 28, docs/decisions/100): one row, audited by its trigger.

const COLUMN = {
  'firm-profile': 'firm_profile', users: 'users', calendar: 'calendar', 'address-lookup': 'address_lookup',
} as const satisfies Record<FirstRunStep, string>;

/** GET /api/first-run (super admins): how each step was answered and whether setup is still owed here. */
export async function readFirstRun(db: DbOrTx, options: { demo: boolean }): Promise<TFirstRunState> {
  const row = await db.selectFrom('first_run').leftJoin('profiles', 'profiles.id', 'first_run.finished_by')
    .select(['first_run.firm_profile', 'first_run.users', 'first_run.calendar', 'first_run.address_lookup',
      'first_run.finished_at', 'profiles.display_name as finished_by_name'])
    .where('first_run.id', '=', 1).executeTakeFirstOrThrow();
  const steps = Object.fromEntries(FIRST_RUN_STEPS.map((step) => [step, row[COLUMN[step]]])) as StepAnswers;
  const finishedAt = row.finished_at?.toISOString() ?? null;
  return { owed: firstRunOwed({ demo: options.demo, finishedAt }), steps, finishedAt, finishedBy: row.finished_by_name ?? null };
}

/**
 * PUT /api/first-run/steps/:step (super admins): a step done or skipped, as the actor. Answering the
 * last open step finishes the setup (once: a later answer changes the step, not who finished it).
 */
export async function answerStep(
  db: DbOrTx,
  options: { actorId: string; step: FirstRunStep; outcome: StepOutcome; demo: boolean },
): Promise<TFirstRunState> {
  await withActor(db, options.actorId, async (tx) => {
    const row = await tx.selectFrom('first_run').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    const answers = Object.fromEntries(FIRST_RUN_STEPS.map((step) => [step, row[COLUMN[step]]])) as StepAnswers;
    answers[options.step] = options.outcome;
    const finishes = row.finished_at === null && nextStep(answers) === null;
    await tx.updateTable('first_run')
      .set({ [COLUMN[options.step]]: options.outcome, ...(finishes && { finished_at: sql<Date>`now()`, finished_by: options.actorId }) })
      .where('id', '=', 1).execute();
  });
  return readFirstRun(db, { demo: options.demo });
}

/** A demo firm is set up by its seed: its database never offers the setup, even if later opened outside demo mode. */
export async function finishFirstRunForDemo(db: DbOrTx): Promise<void> {
  await db.updateTable('first_run').set({ finished_at: sql<Date>`now()` }).where('id', '=', 1).where('finished_at', 'is', null).execute();
}
