import { sql } from 'kysely';
import type { TChainTemplate, TChainTemplateInput, TReminderSettings } from '../../../core/api/deadlines.ts';
import { normalizeReminderDays } from '../../../core/calendar/deadlines.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';

// Settings → Deadlines (issue 41, docs/decisions/132, 133): the chain templates and the firm's reminder steps.

interface TemplateRow {
  id: string; name: string; trigger_label: string; trigger_kind: TChainTemplate['triggerKind']; steps: TChainTemplate['steps']; version: number;
}

const toTemplate = (r: TemplateRow): TChainTemplate => ({
  id: r.id, name: r.name, triggerLabel: r.trigger_label, triggerKind: r.trigger_kind, steps: r.steps, version: r.version,
});

const TEMPLATE_COLUMNS = sql`id, name, trigger_label, trigger_kind, steps, version`;

export async function listTemplates(db: DbOrTx): Promise<TChainTemplate[]> {
  const { rows } = await sql<TemplateRow>`select ${TEMPLATE_COLUMNS} from deadline_chain_templates order by lower(name)`.execute(db);
  return rows.map(toTemplate);
}

/** A second template of the same name (any letter case) is refused naming the field. */
const sameName = (error: unknown) => (error as { code?: string }).code === '23505';
const nameTaken = () => refuse('name', 'A chain of this name exists already.', 'unique');

export async function createTemplate(db: DbOrTx, options: { actorId: string; input: TChainTemplateInput }): Promise<TChainTemplate> {
  const { input } = options;
  try {
    const row = (await sql<TemplateRow>`
      insert into deadline_chain_templates (name, trigger_label, trigger_kind, steps, created_by)
      values (${input.name}, ${input.triggerLabel}, ${input.triggerKind}, ${JSON.stringify(input.steps)}::jsonb, ${options.actorId})
      returning ${TEMPLATE_COLUMNS}`.execute(db)).rows[0]!;
    return toTemplate(row);
  } catch (error) {
    if (sameName(error)) throw nameTaken();
    throw error;
  }
}

/** Saves a template; the chains already applied to cases keep the steps they were applied with. */
export async function updateTemplate(
  db: DbOrTx, options: { id: string; version: number; input: TChainTemplateInput },
): Promise<TChainTemplate> {
  const { input } = options;
  let row: TemplateRow | undefined;
  try {
    row = (await sql<TemplateRow>`
      update deadline_chain_templates set name = ${input.name}, trigger_label = ${input.triggerLabel}, trigger_kind = ${input.triggerKind},
        steps = ${JSON.stringify(input.steps)}::jsonb
      where id = ${options.id} and version = ${options.version}
      returning ${TEMPLATE_COLUMNS}`.execute(db)).rows[0];
  } catch (error) {
    if (sameName(error)) throw nameTaken();
    throw error;
  }
  if (row) return toTemplate(row);
  const current = (await sql<TemplateRow>`select ${TEMPLATE_COLUMNS} from deadline_chain_templates where id = ${options.id}`.execute(db)).rows[0];
  if (!current) throw new AppError('RECORD_NOT_FOUND');
  throw new AppError('EDIT_CONFLICT', undefined, { current: toTemplate(current) });
}

/** Removes a template; chains applied from it stay on their cases. */
export async function removeTemplate(db: DbOrTx, id: string): Promise<void> {
  const gone = await sql`delete from deadline_chain_templates where id = ${id}`.execute(db);
  if (!Number(gone.numAffectedRows ?? 0)) throw new AppError('RECORD_NOT_FOUND');
}

export async function reminderSettings(db: DbOrTx): Promise<TReminderSettings> {
  const row = (await sql<{ reminder_days: number[]; version: number }>`
    select reminder_days, version from deadline_settings where id = 1`.execute(db)).rows[0];
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return { reminderDays: normalizeReminderDays(row.reminder_days), version: row.version };
}

/** The reminder steps (days before a deadline), each once, largest first; none turns deadline reminders off. */
export async function saveReminderSettings(
  db: DbOrTx, options: { actorId: string; reminderDays: number[]; version: number },
): Promise<TReminderSettings> {
  const days = normalizeReminderDays(options.reminderDays);
  const saved = await sql`
    update deadline_settings set reminder_days = ${days}::int[], updated_by = ${options.actorId}
    where id = 1 and version = ${options.version}`.execute(db);
  if (!Number(saved.numAffectedRows ?? 0)) throw new AppError('EDIT_CONFLICT', undefined, { current: await reminderSettings(db) });
  return reminderSettings(db);
}
