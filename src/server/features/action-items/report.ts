import { sql } from 'kysely';
import { filterDescription, itemsForReport, type ReportItem } from '../../../core/action-items-report.ts';
import { toUiStatus } from '../../../core/action-items.ts';
import type { TActionItemsReportQuery } from '../../../core/api/action-items-report.ts';
import { actionItemsReportFileName } from '../../../core/file-names.ts';
import { reportDateProblem } from '../../../core/field-reports/field-reports.ts';
import { displayName } from '../../../core/people.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import type { Letterhead } from '../../documents/letterhead.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import { cardProject, joinedItems } from './service.ts';

type Query = Required<Omit<TActionItemsReportQuery, 'projectId'>> & { projectId?: string };

async function reportItems(db: DbOrTx, projectId: string | undefined): Promise<ReportItem[]> {
  let query = joinedItems(db)
    .select([
      'a.status', 'a.archived', 'a.assigned_to', 'a.title', 'a.due_date', 'a.completed_at', 'c.attorney_name',
      'cl.name as client_name', 'u.email', 'pr.first_name', 'pr.last_name',
    ]);
  if (projectId) query = query.where('a.project_id', '=', projectId);
  const rows = await query.orderBy(sql`a.due_date asc nulls last`).orderBy('a.created_at').execute();
  return rows.map((r) => ({
    status: toUiStatus(r.status),
    archived: r.archived,
    assignee: r.assigned_to ?? '',
    assigneeName: r.email ? displayName({ email: r.email, first_name: r.first_name, last_name: r.last_name }) : '',
    attorneyName: r.attorney_name ?? '',
    clientName: r.client_name,
    shortDescription: r.title,
    dueDate: r.due_date,
    dateCompleted: r.completed_at,
  }));
}

function checkDates(query: Query, today: Date) {
  for (const [field, value] of [['start', query.start], ['end', query.end]] as const) {
    const problem = value ? reportDateProblem(value, today) : null;
    if (problem) throw refuse(field, problem, 'date');
  }
  if (query.start && query.end && query.start > query.end) {
    throw refuse('end', 'The start date must be on or before the end date.', 'range');
  }
}

/** The action-items PDF and its file name (SPEC §9), for one project or all. */
export async function actionItemsReport(
  db: DbOrTx,
  options: { query: Query; documents: DocumentPool; letterhead: Letterhead; today: Date },
): Promise<{ pdf: Buffer; fileName: string }> {
  const { query, today } = options;
  checkDates(query, today);
  const project = query.projectId ? await cardProject(db, query.projectId).catch(() => {
    throw new AppError('RECORD_NOT_FOUND', 'The project was not found. It may have been deleted.');
  }) : null;
  const all = await reportItems(db, query.projectId);
  const filter = { status: query.status, assignee: query.assignee, dateRange: { start: query.start, end: query.end } };
  const items = itemsForReport(all, filter);
  const assigneeName = all.find((i) => i.assignee === query.assignee)?.assigneeName ?? '';
  const pdf = await options.documents.pdf('actionItemsReport', {
    scope: project ? `Project ${project.label}  ·  Client ${project.client}` : 'All projects',
    filterLine: filterDescription(filter, assigneeName),
    generatedOn: formatUsDate(today),
    items,
  }, options.letterhead);
  const client = project ? { name: project.client, isBusinessClient: project.isBusinessClient } : null;
  return { pdf, fileName: actionItemsReportFileName(client, today) };
}
