// Demo deadlines (issue 41): the federal expert disclosure chain on the newest case, its trial about
// three months off (so its disclosure falls within the dashboard's 14 days), and two deadlines added
// by hand on the next cases, made through the services the case page uses.
import { sql } from 'kysely';
import { addDays } from '../../core/dates/iso-date.ts';
import type { Db } from '../db/connection.ts';
import { addDeadline, applyChain } from '../features/deadlines/service.ts';

export async function seedDemoDeadlines(db: Db, options: { actorId: string; today: string; caseIds: string[]; adminId: string; limitedId: string }) {
  const [chainCase, second, third] = options.caseIds;
  if (!chainCase || !second || !third) return;
  const { actorId, today } = options;
  const template = (await sql<{ id: string }>`select id from deadline_chain_templates where name = 'Federal expert disclosure'`.execute(db)).rows[0];
  if (template) {
    await applyChain(db, { actorId, today, caseId: chainCase, templateId: template.id, triggerDate: addDays(today, 96), assigneeId: options.adminId });
  }
  await addDeadline(db, {
    actorId, today, caseId: second,
    input: { title: 'Site inspection report', kind: 'report_due', source: 'agreement', dueDate: addDays(today, 5), assigneeId: options.limitedId,
      notes: 'Photos and moisture readings from the second visit.' },
  });
  await addDeadline(db, {
    actorId, today, caseId: third,
    input: { title: "Deposition of plaintiff's expert", kind: 'deposition', source: 'court_order', dueDate: addDays(today, 12), assigneeId: options.adminId,
      notes: '' },
  });
}
