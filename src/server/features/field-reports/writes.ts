import { sql } from 'kysely';
import { addressLine, projectDisplayName } from '../../../core/cases/cases.ts';
import {
  ZFieldReportContent, type TFieldReport, type TFieldReportCreate, type TFieldReportFields,
} from '../../../core/api/field-reports.ts';
import { sameValue } from '../../../core/field-reports/field-paths.ts';
import { checkReportSave } from '../../../core/field-reports/field-report-save.ts';
import { FIELD_REPORT_MESSAGES, fieldLabel, reportDateProblem } from '../../../core/field-reports/field-reports.ts';
import { newReportContent, type ReportFacts } from '../../../core/field-reports/new-field-report.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import { duplicateRecord, uniqueViolation } from '../../db/unique-violation.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { getReport, nextNumberFor } from './reads.ts';


function checkDate(iso: string, today: Date, field: string) {
  const problem = reportDateProblem(iso, today);
  if (problem) throw refuse(field, problem, 'date');
}

/** What a new report copies from its project: name, number, building owner (the client), address. */
export async function projectFacts(db: DbOrTx, projectId: string) {
  const p = await db.selectFrom('projects as p').innerJoin('cases as c', 'c.id', 'p.case_id')
    .innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['p.project_number', 'p.project_name', 'p.property_address', 'p.property_city_state_zip', 'cl.name'])
    .where('p.id', '=', projectId).executeTakeFirst();
  if (!p) throw refuse('projectId', FIELD_REPORT_MESSAGES.projectMissing, 'exists');
  return reportFacts({ ...p, client_name: p.name });
}

/** A project's facts as a new report copies them (also kept for reports created offline, 108). */
export const reportFacts = (p: FactsRow): ReportFacts => ({
  projectName: projectDisplayName(p.project_name),
  projectNumber: p.project_number,
  buildingOwner: p.client_name,
  propertyAddress: addressLine(p.property_address, p.property_city_state_zip),
});
interface FactsRow {
  project_number: string; project_name: string; property_address: string | null; property_city_state_zip: string | null; client_name: string;
}

/**
 * Creates a draft with the project's next number. The browser makes the id, so a retried create
 * answers the report it already made instead of making a second one.
 */
export async function createReport(
  db: DbOrTx,
  options: { actorId: string; input: TFieldReportCreate; today: Date },
): Promise<TFieldReport> {
  const { input, actorId } = options;
  checkDate(input.date, options.today, 'date');
  const existing = await db.selectFrom('field_reports').select(['created_by']).where('id', '=', input.id).executeTakeFirst();
  if (existing) {
    if (existing.created_by !== actorId) throw new AppError('DUPLICATE_RECORD');
    return getReport(db, input.id);
  }
  const facts = await projectFacts(db, input.projectId);
  // Two people starting a report on one project at once: the second takes the next number.
  for (let attempt = 0; ; attempt++) {
    try {
      return await withActor(db, actorId, async (tx) => {
        await tx.insertInto('field_reports').values({
          id: input.id,
          project_id: input.projectId,
          report_number: await nextNumberFor(tx, input.projectId),
          report_type: input.reportType,
          report_date: input.date,
          inspector_id: actorId,
          content: JSON.stringify(ZFieldReportContent.parse(newReportContent(facts))),
          created_by: actorId,
        }).execute();
        return getReport(tx, input.id);
      });
    } catch (error) {
      if (uniqueViolation(error) === null || attempt >= 3) throw error;
    }
  }
}

/** Locks the row and refuses anything but a draft (certified reports are read-only). */
export async function draftForUpdate(tx: Tx, id: string) {
  const row = await tx.selectFrom('field_reports')
    .select(['id', 'status', 'revision', 'report_number', 'project_id', 'version', 'inspector_id', 'report_type', 'report_date', 'content'])
    .where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  if (row.status !== 'draft') throw new AppError('VALIDATION_ERROR', FIELD_REPORT_MESSAGES.certified, { status: row.status });
  return row;
}

type StoredRow = Awaited<ReturnType<typeof draftForUpdate>>;
export const storedFields = (row: StoredRow): TFieldReportFields => ({
  projectId: row.project_id, reportType: row.report_type as TFieldReportFields['reportType'], reportNumber: row.report_number,
  date: row.report_date, inspectorId: row.inspector_id, content: ZFieldReportContent.parse(row.content),
});

/** A number another report of the project already has (the unique index's rule, asked first). */
async function numberTaken(tx: Tx, row: StoredRow, fields: TFieldReportFields) {
  if (fields.projectId === row.project_id && fields.reportNumber.toLowerCase() === row.report_number.toLowerCase()) return false;
  const other = await tx.selectFrom('field_reports').select('id')
    .where('project_id', '=', fields.projectId).where(sql<string>`lower(report_number)`, '=', fields.reportNumber.toLowerCase())
    .where('revision', '=', row.revision).where('id', '!=', row.id).executeTakeFirst();
  return other !== undefined;
}

/**
 * Saves a report field by field (docs/decisions/066): fields that break a rule keep their stored
 * values and the others are saved; then, if any was refused, the answer is 400 (409 for a taken
 * number) naming each one in `details.fields`, with the report as saved in `details.report`. A
 * stale version changes nothing (409 EDIT_CONFLICT).
 */
export async function updateReport(
  db: DbOrTx,
  options: { actorId: string; id: string; input: TFieldReportFields & { version: number }; today: Date },
): Promise<TFieldReport> {
  const { version, ...sent } = options.input;
  let number = sent.reportNumber.trim();
  let taken = false;
  try {
    const { report, refused } = await withActor(db, options.actorId, async (tx) => {
      const row = await draftForUpdate(tx, options.id);
      if (row.version !== version) throw new AppError('EDIT_CONFLICT', undefined, { current: await getReport(tx, options.id) });
      const stored = storedFields(row);
      const checked = checkReportSave(sent, stored, options.today);
      let fields = checked.fields;
      const refused = [...checked.refused];
      if (row.revision > 0 && (fields.reportNumber.toLowerCase() !== row.report_number.toLowerCase() || fields.projectId !== row.project_id)) {
        throw new AppError('VALIDATION_ERROR', 'A revision keeps the number and project of the report it revises.');
      }
      number = fields.reportNumber;
      taken = !refused.some((r) => r.path === '/reportNumber') && await numberTaken(tx, row, fields);
      if (taken) {
        refused.unshift({ path: '/reportNumber', label: fieldLabel('/reportNumber'), message: FIELD_REPORT_MESSAGES.numberTaken(number) });
        fields = { ...fields, reportNumber: row.report_number };
      }
      if (!sameValue(fields, stored)) {
        await updateVersioned(tx, 'field_reports', options.id, version, {
          project_id: fields.projectId,
          report_type: fields.reportType,
          report_number: fields.reportNumber,
          report_date: fields.date,
          inspector_id: fields.inspectorId,
          content: JSON.stringify(fields.content),
        });
      }
      return { report: await getReport(tx, options.id), refused };
    });
    if (!refused.length) return report;
    // One refusal answers as it always has (a taken number is 409 DUPLICATE_RECORD), in its own words.
    const only = refused.length === 1 ? refused[0]! : null;
    const message = only ? only.message : FIELD_REPORT_MESSAGES.partlySaved(refused.map((r) => r.label));
    const duplicate = only !== null && taken;
    throw duplicate ? duplicateRecord(message, { fields: refused, report }) : new AppError('VALIDATION_ERROR', message, { fields: refused, report });
  } catch (error) {
    throw uniqueViolation(error) === null ? error : duplicateRecord(FIELD_REPORT_MESSAGES.numberTaken(number), { field: 'reportNumber' });
  }
}

/** A draft that was never certified may be deleted (a report started by mistake). */
export async function deleteDraft(db: DbOrTx, options: { actorId: string; id: string }) {
  await withActor(db, options.actorId, async (tx) => {
    const row = await draftForUpdate(tx, options.id);
    if (row.revision > 0) throw new AppError('VALIDATION_ERROR', 'A revision cannot be deleted; its earlier versions are on record.');
    await tx.deleteFrom('field_reports').where('id', '=', options.id).execute();
  });
}

/**
 * A change after certification: a new draft revision (number -R1, -R2…) copied from the certified
 * one, photos, diagrams and readings included (with their annotations). The certified row and its PDF stay as they were, marked superseded.
 */
export async function reviseReport(db: DbOrTx, options: { actorId: string; id: string; newId: string }): Promise<TFieldReport> {
  return withActor(db, options.actorId, async (tx) => {
    const existing = await tx.selectFrom('field_reports').select('id').where('id', '=', options.newId).executeTakeFirst();
    if (existing) return getReport(tx, options.newId);
    const row = await tx.selectFrom('field_reports').selectAll().where('id', '=', options.id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('RECORD_NOT_FOUND');
    if (row.status !== 'certified') throw new AppError('VALIDATION_ERROR', FIELD_REPORT_MESSAGES.notDraft);
    await tx.insertInto('field_reports').values({
      id: options.newId, project_id: row.project_id, report_number: row.report_number, revision: row.revision + 1,
      report_type: row.report_type, report_date: row.report_date, inspector_id: row.inspector_id,
      content: JSON.stringify(row.content), created_by: options.actorId,
    }).execute();
    // The copies point at the same originals (docs/decisions/103): evidence is shared, never copied.
    await sql`insert into field_report_images (report_id, kind, position, caption, image, thumbnail, width, height, annotations,
        original_sha256, original_name, captured_at, latitude, longitude)
      select ${options.newId}, kind, position, caption, image, thumbnail, width, height, annotations,
        original_sha256, original_name, captured_at, latitude, longitude
      from field_report_images where report_id = ${options.id}`.execute(tx);
    await tx.updateTable('field_reports').set({ status: 'superseded' }).where('id', '=', options.id).execute();
    return getReport(tx, options.newId);
  });
}
