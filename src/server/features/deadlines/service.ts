import { sql } from 'kysely';
import type { TCaseChain, TCaseDeadlines, TChainStep, TDeadlineInput, TDeadlineUpdate } from '../../../core/api/deadlines.ts';
import { computeChain, DEADLINE_KIND_LABELS, TRIGGER_STEP } from '../../../core/calendar/deadlines.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { isFederalHoliday } from './holidays.ts';
import { caseDeadlines, DEADLINE_COLUMNS, DEADLINE_JOINS, isoOf, readChain, toDeadline, type DeadlineRow } from './reads.ts';

// Writes of case deadlines and chains (issue 41, docs/decisions/132). Every write answers the case's
// deadlines and chains as they are after it: a moved trigger changes several rows at once.
// `today` is the firm's day: a deadline whose date or assignee is set today owes the reminder steps
// from today on (docs/decisions/133).

interface Actor { actorId: string; today: string }

async function requireCase(tx: Tx, caseId: string): Promise<void> {
  const found = (await sql`select 1 from cases where id = ${caseId}`.execute(tx)).rows[0];
  if (!found) throw new AppError('RECORD_NOT_FOUND');
}

async function requireAssignee(tx: Tx, assigneeId: string | null): Promise<void> {
  if (!assigneeId) return;
  const found = (await sql`select 1 from users where id = ${assigneeId} and not disabled`.execute(tx)).rows[0];
  if (!found) throw refuse('assigneeId', 'Choose an active user to assign the deadline to.', 'exists');
}

const titleOf = (input: Pick<TDeadlineInput, 'title' | 'kind'>) => input.title || DEADLINE_KIND_LABELS[input.kind];

async function lockDeadline(tx: Tx, id: string): Promise<DeadlineRow> {
  const row = (await sql<DeadlineRow>`select ${DEADLINE_COLUMNS} from case_deadlines d ${DEADLINE_JOINS}
    where d.id = ${id} for update of d`.execute(tx)).rows[0];
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return { ...row, due_date: isoOf(row.due_date), chain_date: row.chain_date && isoOf(row.chain_date) };
}

/** A deadline added on the case page (outside any chain). */
export async function addDeadline(db: DbOrTx, options: Actor & { caseId: string; input: TDeadlineInput }): Promise<TCaseDeadlines> {
  const { input } = options;
  await withActor(db, options.actorId, async (tx) => {
    await requireCase(tx, options.caseId);
    await requireAssignee(tx, input.assigneeId);
    await sql`
      insert into case_deadlines (case_id, title, kind, source, due_date, assignee_id, notes, reminders_from, created_by)
      values (${options.caseId}, ${titleOf(input)}, ${input.kind}, ${input.source}, ${input.dueDate}, ${input.assigneeId},
        ${input.notes}, ${options.today}, ${options.actorId})`.execute(tx);
  });
  return caseDeadlines(db, options.caseId);
}

/**
 * Saves a deadline. A chain's date changed to anything but the chain's own date is marked set by
 * hand (moving the trigger leaves it); changed back to the chain's date, it follows the chain again.
 * A new date of the chain's trigger moves the chain.
 */
export async function updateDeadline(db: DbOrTx, options: Actor & { id: string; body: TDeadlineUpdate }): Promise<TCaseDeadlines> {
  const { body, today } = options;
  const caseId = await withActor(db, options.actorId, async (tx) => {
    const current = await lockDeadline(tx, options.id);
    if (current.version !== body.version) throw new AppError('EDIT_CONFLICT', undefined, { current: toDeadline(current) });
    await requireAssignee(tx, body.assigneeId);
    const isTrigger = current.chain_step === TRIGGER_STEP;
    const dateMoved = body.dueDate !== current.due_date;
    const setByHand = current.chain_id !== null && !isTrigger && body.dueDate !== current.chain_date;
    const remindersAgain = dateMoved || body.assigneeId !== current.assignee_id;
    await sql`
      update case_deadlines set title = ${titleOf(body)}, kind = ${body.kind}, source = ${body.source}, due_date = ${body.dueDate},
        assignee_id = ${body.assigneeId}, notes = ${body.notes}, set_by_hand = ${setByHand},
        chain_date = case when ${isTrigger} then ${body.dueDate}::date else chain_date end,
        landed_on = case when ${isTrigger} then ${body.dueDate}::date else landed_on end,
        reminders_from = case when ${remindersAgain} then ${today}::date else reminders_from end
      where id = ${options.id}`.execute(tx);
    if (isTrigger && dateMoved) {
      await sql`update case_deadline_chains set trigger_date = ${body.dueDate} where id = ${current.chain_id}`.execute(tx);
      await recomputeChain(tx, (await readChain(tx, current.chain_id!))!, today);
    }
    return current.case_id;
  });
  return caseDeadlines(db, caseId);
}

/** A date set by hand goes back to the date its chain gives. */
export async function followChainAgain(db: DbOrTx, options: Actor & { id: string; version: number }): Promise<TCaseDeadlines> {
  const caseId = await withActor(db, options.actorId, async (tx) => {
    const current = await lockDeadline(tx, options.id);
    if (current.version !== options.version) throw new AppError('EDIT_CONFLICT', undefined, { current: toDeadline(current) });
    if (!current.chain_id || current.chain_date === null) throw refuse('id', 'Only a deadline of a chain has a chain date to go back to.', 'chain');
    await sql`
      update case_deadlines set set_by_hand = false, due_date = chain_date,
        reminders_from = case when due_date <> chain_date then ${options.today}::date else reminders_from end
      where id = ${options.id}`.execute(tx);
    return current.case_id;
  });
  return caseDeadlines(db, caseId);
}

/** Removes a deadline; a chain's trigger goes only with its chain. */
export async function removeDeadline(db: DbOrTx, options: { actorId: string; id: string }): Promise<TCaseDeadlines> {
  const caseId = await withActor(db, options.actorId, async (tx) => {
    const current = await lockDeadline(tx, options.id);
    if (current.chain_step === TRIGGER_STEP) {
      throw refuse('id', 'This date is the trigger of its chain: remove the chain to remove it.', 'chainTrigger');
    }
    await sql`delete from case_deadlines where id = ${options.id}`.execute(tx);
    return current.case_id;
  });
  return caseDeadlines(db, caseId);
}

/**
 * The chain's dates for its trigger date, written to its deadlines: each follows the chain unless
 * its date was set by hand (then only what the chain would give is kept, to show beside it). A
 * step whose deadline was removed stays removed.
 */
async function recomputeChain(tx: Tx, chain: TCaseChain, today: string): Promise<void> {
  const dates = computeChain(chain.triggerDate, chain.steps, isFederalHoliday);
  const rows = [{ key: TRIGGER_STEP, landed: chain.triggerDate, date: chain.triggerDate }, ...dates];
  for (const d of rows) {
    await sql`
      update case_deadlines set landed_on = ${d.landed}, chain_date = ${d.date},
        due_date = case when set_by_hand then due_date else ${d.date}::date end,
        reminders_from = case when not set_by_hand and due_date <> ${d.date}::date then ${today}::date else reminders_from end
      where chain_id = ${chain.id} and chain_step = ${d.key}`.execute(tx);
  }
}

/** Applies a chain template to a case: the trigger's own deadline and one per step, all assigned to `assigneeId`. */
export async function applyChain(
  db: DbOrTx, options: Actor & { caseId: string; templateId: string; triggerDate: string; assigneeId: string | null },
): Promise<TCaseDeadlines> {
  await withActor(db, options.actorId, async (tx) => {
    await requireCase(tx, options.caseId);
    await requireAssignee(tx, options.assigneeId);
    const template = (await sql<{ name: string; trigger_label: string; trigger_kind: string; steps: TChainStep[] }>`
      select name, trigger_label, trigger_kind, steps from deadline_chain_templates where id = ${options.templateId}`.execute(tx)).rows[0];
    if (!template) throw refuse('templateId', 'This chain no longer exists: choose another.', 'exists');
    const chainId = (await sql<{ id: string }>`
      insert into case_deadline_chains (case_id, template_id, name, trigger_label, trigger_kind, trigger_date, steps, created_by)
      values (${options.caseId}, ${options.templateId}, ${template.name}, ${template.trigger_label}, ${template.trigger_kind},
        ${options.triggerDate}, ${JSON.stringify(template.steps)}::jsonb, ${options.actorId})
      returning id`.execute(tx)).rows[0]!.id;
    const dates = computeChain(options.triggerDate, template.steps, isFederalHoliday);
    const rows = [
      { key: TRIGGER_STEP, title: template.trigger_label, kind: template.trigger_kind, source: 'court_order', landed: options.triggerDate, date: options.triggerDate },
      ...template.steps.map((step, i) => ({ key: step.key, title: step.label, kind: step.kind, source: step.source, landed: dates[i]!.landed, date: dates[i]!.date })),
    ];
    for (const r of rows) {
      await sql`
        insert into case_deadlines (case_id, title, kind, source, due_date, assignee_id, chain_id, chain_step, landed_on, chain_date,
          reminders_from, created_by)
        values (${options.caseId}, ${r.title}, ${r.kind}, ${r.source}, ${r.date}, ${options.assigneeId}, ${chainId}, ${r.key},
          ${r.landed}, ${r.date}, ${options.today}, ${options.actorId})`.execute(tx);
    }
  });
  return caseDeadlines(db, options.caseId);
}

/** Moves a chain's trigger: every date of the chain not set by hand moves with it. */
export async function moveTrigger(
  db: DbOrTx, options: Actor & { chainId: string; triggerDate: string; version: number },
): Promise<TCaseDeadlines> {
  const caseId = await withActor(db, options.actorId, async (tx) => {
    const moved = (await sql<{ case_id: string }>`
      update case_deadline_chains set trigger_date = ${options.triggerDate}
      where id = ${options.chainId} and version = ${options.version} returning case_id`.execute(tx)).rows[0];
    if (!moved) {
      const current = await readChain(tx, options.chainId);
      if (!current) throw new AppError('RECORD_NOT_FOUND');
      throw new AppError('EDIT_CONFLICT', undefined, { current });
    }
    await recomputeChain(tx, (await readChain(tx, options.chainId))!, options.today);
    return moved.case_id;
  });
  return caseDeadlines(db, caseId);
}

/** Removes a chain and every deadline of it (those set by hand too). */
export async function removeChain(db: DbOrTx, options: { actorId: string; chainId: string }): Promise<TCaseDeadlines> {
  const caseId = await withActor(db, options.actorId, async (tx) => {
    const gone = (await sql<{ case_id: string }>`delete from case_deadline_chains where id = ${options.chainId} returning case_id`.execute(tx)).rows[0];
    if (!gone) throw new AppError('RECORD_NOT_FOUND');
    return gone.case_id;
  });
  return caseDeadlines(db, caseId);
}
