import { sql } from 'kysely';
import type { TEvidenceItem } from '../../../core/api/evidence.ts';
import { EVIDENCE_MESSAGES, tagText, testStartProblem } from '../../../core/evidence/evidence.ts';
import { firmDate, firmDateTime } from '../../../core/dates/firm-clock.ts';
import { withActor, type DbOrTx } from '../../db/connection.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { queueMail } from '../mail/index.ts';
import { appendEntry } from './chain.ts';
import { drawnSignature, getItem, lockOpenItem, noticeDaysOf, type Actor } from './items.ts';

// Notice before destructive testing (issue 42, ASTM E860): a planned test tells every party of the
// case, by e-mail through the mail outbox where the party has an address (its attorney's or law
// firm's), else as recorded by hand; it cannot start before the notice period has passed unless every
// party waived in writing.

interface Plan { testId: string; what: string; place: string; plannedFor: string; performedBy: string }

/** Each party of the case with the e-mail address it can be reached at (its attorney's, else its law firm's). */
async function partiesWithAddress(db: DbOrTx, caseId: string) {
  return db.selectFrom('case_parties as p').leftJoin('attorneys as a', 'a.id', 'p.attorney_id').leftJoin('law_firms as f', 'f.id', 'p.law_firm_id')
    .select(['p.id', 'p.name', 'p.role', sql<string | null>`nullif(btrim(coalesce(a.email, f.email, '')), '')`.as('email')])
    .where('p.case_id', '=', caseId).orderBy('p.created_at').execute();
}

export async function planTest(db: DbOrTx, options: { actor: Actor; itemId: string; plan: Plan; firmName: string; timeZone: string }): Promise<TEvidenceItem> {
  const { actor, itemId, plan } = options;
  const existing = await db.selectFrom('evidence_tests').select('item_id').where('id', '=', plan.testId).executeTakeFirst();
  if (existing) return getItem(db, existing.item_id);
  await withActor(db, actor.id, async (tx) => {
    const item = await lockOpenItem(tx, itemId);
    if (item.status !== 'open') throw new AppError('CONSTRAINT_VIOLATION', EVIDENCE_MESSAGES.closed);
    const info = await tx.selectFrom('evidence_items as e').innerJoin('cases as c', 'c.id', 'e.case_id')
      .select(['e.tag_number', 'e.description', 'c.file_number', 'c.case_name']).where('e.id', '=', itemId).executeTakeFirstOrThrow();
    const noticeDays = await noticeDaysOf(tx, item.case_id);
    await tx.insertInto('evidence_tests').values({
      id: plan.testId, item_id: itemId, what: plan.what, place: plan.place, planned_for: new Date(plan.plannedFor), performed_by: plan.performedBy,
      notice_days: noticeDays, created_by: actor.id,
    }).execute();
    const when = firmDateTime(new Date(plan.plannedFor), options.timeZone);
    for (const party of await partiesWithAddress(tx, item.case_id)) {
      let told: { method: string; address: string; at: Date; mailId: string } | null = null;
      if (party.email) {
        const text = [`Notice of destructive testing of evidence`, '',
          `Case: ${info.file_number}${info.case_name ? ` (${info.case_name})` : ''}`, `Item: ${tagText(info.tag_number)}, ${info.description}`,
          `Test: ${plan.what}`, `Where: ${plan.place}`, `When: ${when}`, `By: ${plan.performedBy}`, '',
          `You are given ${noticeDays} days' notice. To attend, object or waive the notice in writing, please reply to ${options.firmName}.`].join('\n');
        const mail = await queueMail(tx, {
          key: `evidence-test:${plan.testId}:${party.id}`, to: party.email, subject: `Notice of destructive testing: ${tagText(info.tag_number)} (${info.file_number})`,
          text, hasMoney: false, kind: 'evidence-notice', createdBy: actor.id,
        });
        told = { method: 'email', address: party.email, at: new Date(), mailId: mail.id };
      }
      await tx.insertInto('evidence_test_notices').values({
        test_id: plan.testId, party_id: party.id, party_name: party.name, party_role: party.role, method: told?.method ?? null,
        address: told?.address ?? null, told_at: told?.at ?? null, mail_message_id: told?.mailId ?? null,
      }).execute();
    }
  });
  return getItem(db, itemId);
}

async function testItem(db: DbOrTx, testId: string) {
  const test = await db.selectFrom('evidence_tests').selectAll().where('id', '=', testId).executeTakeFirst();
  if (!test) throw new AppError('RECORD_NOT_FOUND');
  return test;
}

async function noticeOf(db: DbOrTx, testId: string, partyId: string) {
  const notice = await db.selectFrom('evidence_test_notices').select('id').where('test_id', '=', testId).where('party_id', '=', partyId).executeTakeFirst();
  if (!notice) throw refuse('partyId', 'This party was not on the case when the test was planned.', 'exists');
  return notice;
}

/** How and when a party without an e-mail address was told (a letter, by hand, by phone…). */
export async function recordNotice(db: DbOrTx, options: { actor: Actor; testId: string; partyId: string; method: string; address: string; toldAt: string }) {
  const test = await testItem(db, options.testId);
  await withActor(db, options.actor.id, async (tx) => {
    const notice = await noticeOf(tx, options.testId, options.partyId);
    await tx.updateTable('evidence_test_notices').set({ method: options.method, address: options.address || null, told_at: new Date(options.toldAt) })
      .where('id', '=', notice.id).execute();
  });
  return getItem(db, test.item_id);
}

/** A party's written waiver of the notice period (the document uploaded first). */
export async function recordWaiver(db: DbOrTx, options: { actor: Actor; testId: string; partyId: string; documentId: string }) {
  const test = await testItem(db, options.testId);
  await withActor(db, options.actor.id, async (tx) => {
    const notice = await noticeOf(tx, options.testId, options.partyId);
    const document = await tx.selectFrom('evidence_documents').select('id').where('id', '=', options.documentId).executeTakeFirst();
    if (!document) throw refuse('documentId', 'Attach the written waiver', 'exists');
    await tx.updateTable('evidence_test_notices').set({ waived_at: new Date(), waiver_document_id: options.documentId }).where('id', '=', notice.id).execute();
  });
  return getItem(db, test.item_id);
}

/** Records the test as started: a signed 'test_started' entry, refused before the notice period unless every party waived. */
export async function startTest(db: DbOrTx, options: {
  actor: Actor; testId: string; entryId: string; at: string; signedByName: string; signature: string; timeZone: string;
}) {
  const test = await testItem(db, options.testId);
  if (test.start_entry_id === options.entryId) return getItem(db, test.item_id);
  if (test.started_at) throw new AppError('CONSTRAINT_VIOLATION', EVIDENCE_MESSAGES.alreadyStarted);
  const signature = await drawnSignature(options.signature);
  await withActor(db, options.actor.id, async (tx) => {
    await lockOpenItem(tx, test.item_id);
    const notices = await tx.selectFrom('evidence_test_notices').select(['party_name', 'told_at', 'waived_at']).where('test_id', '=', test.id).execute();
    const verdict = testStartProblem({
      parties: notices.map((n) => ({ name: n.party_name, toldAt: n.told_at, waived: !!n.waived_at })), noticeDays: test.notice_days,
      now: new Date(), since: test.created_at, formatDate: (d) => firmDate(d, options.timeZone),
    });
    if (!verdict.ok) throw new AppError('CONSTRAINT_VIOLATION', verdict.message, [{ path: '/at', message: verdict.message, rule: verdict.reason }]);
    await appendEntry(tx, {
      id: options.entryId, itemId: test.item_id, kind: 'test_started', at: new Date(options.at), location: '',
      purpose: `${test.what} at ${test.place}, by ${test.performed_by}`.slice(0, 2000), signedByName: options.signedByName, signature,
      recordedBy: options.actor.id, recordedByName: options.actor.name,
    });
    await tx.updateTable('evidence_tests').set({ started_at: new Date(), start_entry_id: options.entryId }).where('id', '=', test.id).execute();
  });
  return getItem(db, test.item_id);
}
