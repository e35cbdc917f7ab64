import { sql } from 'kysely';
import { projectDisplayName } from '../../../core/cases/cases.ts';
import { ZFieldReportContent, type TFieldReport, type TFieldReportListItem, type TReportImage } from '../../../core/api/field-reports.ts';
import type { TAnnotation } from '../../../core/field-reports/annotations.ts';
import { ZAnnotations } from '../../../core/api/annotations.ts';
import { ATTACHMENTS, displayNumber, nextReportNumber, type AttachmentKind } from '../../../core/field-reports/field-reports.ts';
import { fieldReportFileName } from '../../../core/file-names.ts';
import { displayName } from '../../../core/people.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';

const projectLabel = (number: string, name: string) => `${number} - ${projectDisplayName(name)}`;

const personName = (email: string | null, first: string | null, last: string | null) =>
  email ? displayName({ email, first_name: first, last_name: last }) : '';

/** The report's date as a local Date (file names use the report's own date). */
const localDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** The stored kind of an attachment list (photos, diagrams or readings). */
export const storedKind = (kind: AttachmentKind) => ATTACHMENTS[kind].kind;

/** An image's stored annotations as the API answers them (checked when saved; parsed again for one key order). */
export const storedAnnotations = (annotations: unknown, version: number): { annotations: TAnnotation[]; annotationsVersion: number } => ({
  annotations: ZAnnotations.parse(annotations), annotationsVersion: version,
});

/** One list of the report's images, in order. */
export async function listImages(db: DbOrTx, { reportId, kind }: { reportId: string; kind: AttachmentKind }): Promise<TReportImage[]> {
  const rows = await db.selectFrom('field_report_images as i').leftJoin('field_report_originals as o', 'o.sha256', 'i.original_sha256')
    .select(['i.id', 'i.caption', 'i.position', 'i.width', 'i.height', 'i.captured_at', 'i.latitude', 'i.longitude', 'i.original_name',
      'i.annotations', 'i.annotations_version', 'o.sha256', 'o.byte_size', 'o.content_type'])
    .where('i.report_id', '=', reportId).where('i.kind', '=', storedKind(kind)).orderBy('i.position').execute();
  return rows.map((r) => ({
    id: r.id, caption: r.caption, position: r.position, width: r.width, height: r.height,
    capturedAt: r.captured_at ? new Date(r.captured_at).toISOString() : null,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    ...storedAnnotations(r.annotations, r.annotations_version),
    original: r.sha256 ? { sha256: r.sha256, name: r.original_name ?? '', size: Number(r.byte_size), type: r.content_type ?? '' } : null,
  }));
}

function reportQuery(db: DbOrTx) {
  return db.selectFrom('field_reports as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .leftJoin('users as iu', 'iu.id', 'r.inspector_id')
    .leftJoin('profiles as ip', 'ip.id', 'r.inspector_id')
    .leftJoin('users as cu', 'cu.id', 'r.certified_by')
    .leftJoin('profiles as cp', 'cp.id', 'r.certified_by')
    .leftJoin('users as ru', 'ru.id', 'r.reviewed_by')
    .leftJoin('profiles as rp', 'rp.id', 'r.reviewed_by')
    .select([
      'r.id', 'r.project_id', 'r.report_number', 'r.revision', 'r.report_type', 'r.report_date', 'r.inspector_id',
      'r.content', 'r.status', 'r.certified_at', 'r.version', 'p.project_number', 'p.project_name',
      'iu.email as inspector_email', 'ip.first_name as inspector_first', 'ip.last_name as inspector_last',
      'cu.email as certifier_email', 'cp.first_name as certifier_first', 'cp.last_name as certifier_last',
      'r.reviewed_by', 'r.reviewed_at', 'r.reviewed_version',
      'ru.email as reviewer_email', 'rp.first_name as reviewer_first', 'rp.last_name as reviewer_last',
    ]);
}

export async function listReports(db: DbOrTx, options: { q?: string; projectId?: string }): Promise<TFieldReportListItem[]> {
  let query = reportQuery(db)
    .select((eb) => eb.selectFrom('field_report_images as ph').whereRef('ph.report_id', '=', 'r.id').where('ph.kind', '=', 'photo')
      .select(eb.fn.countAll<string>().as('n')).as('photo_count'))
    // The latest revision of each report stands for it; earlier ones are reached from it.
    .where('r.status', '!=', 'superseded');
  if (options.projectId) query = query.where('r.project_id', '=', options.projectId);
  if (options.q) {
    const like = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([
      eb('p.project_number', 'ilike', like), eb('p.project_name', 'ilike', like), eb('r.report_number', 'ilike', like),
    ]));
  }
  const rows = await query.orderBy('r.report_date', 'desc').orderBy('r.created_at', 'desc').limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    projectLabel: projectLabel(r.project_number, r.project_name),
    displayNumber: displayNumber(r.report_number, r.revision),
    reportType: r.report_type,
    date: r.report_date,
    inspectorName: personName(r.inspector_email, r.inspector_first, r.inspector_last),
    status: r.status,
    photoCount: Number(r.photo_count ?? 0),
  }));
}

export async function getReport(db: DbOrTx, id: string): Promise<TFieldReport> {
  const r = await reportQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('RECORD_NOT_FOUND');
  const [diagrams, readings, photos, revisions] = await Promise.all([
    listImages(db, { reportId: id, kind: 'diagrams' }),
    listImages(db, { reportId: id, kind: 'readings' }),
    listImages(db, { reportId: id, kind: 'photos' }),
    db.selectFrom('field_reports').select(['id', 'report_number', 'revision', 'status'])
      .where('project_id', '=', r.project_id).where(sql`lower(report_number)`, '=', r.report_number.toLowerCase())
      .orderBy('revision').execute(),
  ]);
  const content = ZFieldReportContent.parse(r.content);
  const number = displayNumber(r.report_number, r.revision);
  return {
    id: r.id,
    projectId: r.project_id,
    projectLabel: projectLabel(r.project_number, r.project_name),
    reportType: r.report_type as TFieldReport['reportType'],
    reportNumber: r.report_number,
    revision: r.revision,
    displayNumber: number,
    date: r.report_date,
    inspectorId: r.inspector_id,
    inspectorName: personName(r.inspector_email, r.inspector_first, r.inspector_last),
    content,
    status: r.status,
    certifiedAt: r.certified_at ? new Date(r.certified_at).toISOString() : null,
    certifiedByName: personName(r.certifier_email, r.certifier_first, r.certifier_last),
    review: r.reviewed_by && r.reviewed_at ? {
      byId: r.reviewed_by, byName: personName(r.reviewer_email, r.reviewer_first, r.reviewer_last),
      at: new Date(r.reviewed_at).toISOString(), current: r.reviewed_version === r.version,
    } : null,
    diagrams,
    readings,
    photos,
    revisions: revisions.map((v) => ({ id: v.id, displayNumber: displayNumber(v.report_number, v.revision), status: v.status })),
    fileName: fieldReportFileName(content.projectName || projectDisplayName(r.project_name), number, localDate(r.report_date)),
    version: r.version,
  };
}

/** The next free number on a project (SPEC: next number for the project, unique per project). */
export async function nextNumberFor(db: DbOrTx, projectId: string): Promise<string> {
  const rows = await db.selectFrom('field_reports').select('report_number').distinct().where('project_id', '=', projectId).execute();
  return nextReportNumber(rows.map((r) => r.report_number));
}
