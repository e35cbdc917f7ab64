import { describe, expect, it } from 'vitest';
import { changedFields } from './audit.ts';
import { AUDITED_TABLES } from './audit-fields.ts';
import { FIELD_WORDS, INTERNAL_COLUMNS, isInternalColumn } from './audit-fields.ts';
import { auditRefs, auditWords, fullTextChanges, recordHref, usDate, type AuditRowIn, type Named } from './audit-words.ts';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const DENISE = U(1), JAMES = U(2), MARGARET = U(3), GONE = U(99);
const PROJECT = U(10), CLIENT = U(11), CASE = U(12), BILL = U(13), ITEM = U(14), REPORT = U(15), CREDIT = U(16), ENTRY = U(17), PAYMENT = U(18);

const NAMES: Record<string, Named> = {
  [`user:${DENISE}`]: { label: 'Denise Park', href: '/settings/users' },
  [`user:${JAMES}`]: { label: 'James Whitaker', href: '/settings/users' },
  [`user:${MARGARET}`]: { label: 'Margaret Hale', href: '/settings/users' },
  [`project:${PROJECT}`]: { label: '2026-014-01 Roof survey', href: `/project/${PROJECT}` },
  [`client:${CLIENT}`]: { label: 'Harbor Point Condominiums', href: '/existing-clients?q=Harbor' },
  [`case:${CASE}`]: { label: '2026-014 Harbor Point', href: `/case/${CASE}` },
  [`bill:${BILL}`]: { label: 'Bill-0007', href: null },
  [`action_item:${ITEM}`]: { label: '"Call the adjuster"', href: `/time-tracking?project=${PROJECT}&item=${ITEM}` },
  [`field_report:${REPORT}`]: { label: 'FR-12', href: `/field-reports/${REPORT}` },
  [`credit_note:${CREDIT}`]: { label: 'CN-0001', href: null },
  [`payment:${PAYMENT}`]: { label: 'PMT-0003', href: null },
  [`time_entry:${ENTRY}`]: { label: 'time entry', href: `/time-tracking?project=${PROJECT}` },
  [`expense_entry:${ENTRY}`]: { label: 'expense', href: `/time-tracking?project=${PROJECT}` },
};
const names = (kind: string, id: string) => NAMES[`${kind}:${id}`];
const TZ = 'America/New_York';

type Case = [table: string, action: AuditRowIn['action'], before: AuditRowIn['before'], after: AuditRowIn['after'], text: string, rowId?: string];

function words(table: string, action: AuditRowIn['action'], before: AuditRowIn['before'], after: AuditRowIn['after'], rowId = U(50), showMoney = false) {
  const row: AuditRowIn = { table, rowId, action, actorId: DENISE, actorName: 'Denise Park', before, after,
    changes: changedFields(table, before, after, { showMoney }) };
  return auditWords(row, names, TZ);
}

// One row (at least) of every audited table, read as a sentence.
const CASES: Case[] = [
  ['clients', 'insert', null, { id: CLIENT, name: 'Harbor Point Condominiums', completion_percentage: 20 }, 'Denise Park created client Harbor Point Condominiums', CLIENT],
  ['cases', 'update', { id: CASE, file_number: '2026-014', case_name: 'Harbor Point', attorney_name: null },
    { id: CASE, file_number: '2026-014', case_name: 'Harbor Point', attorney_name: 'Ann Lee' }, 'Denise Park set the attorney name of case 2026-014 Harbor Point to "Ann Lee"', CASE],
  ['projects', 'update', { id: PROJECT, project_number: '2026-014-01', project_name: 'Roof survey', status: 'active', version: 1 },
    { id: PROJECT, project_number: '2026-014-01', project_name: 'Roof survey', status: 'on_hold', version: 2 },
    'Denise Park changed the status of project 2026-014-01 Roof survey from active to on hold', PROJECT],
  ['time_entries', 'delete', { id: ENTRY, project_id: PROJECT, entry_date: '2026-11-02', hours: '1.50', rate: '150.00', job_type: 'Consultant' }, null,
    'Denise Park deleted a time entry of 11/02/2026 on project 2026-014-01 Roof survey'],
  ['expense_entries', 'update', { id: ENTRY, project_id: PROJECT, entry_date: '2026-11-02', expense_type: 'Mileage', billable: true },
    { id: ENTRY, project_id: PROJECT, entry_date: '2026-11-03', expense_type: 'Mileage', billable: true },
    'Denise Park changed the date of the expense of 11/03/2026 on project 2026-014-01 Roof survey from 11/02/2026 to 11/03/2026', ENTRY],
  ['action_items', 'update', { id: ITEM, title: 'Call the adjuster', assigned_to: JAMES, calendar_generation: 1 },
    { id: ITEM, title: 'Call the adjuster', assigned_to: MARGARET, calendar_generation: 2 },
    'Denise Park changed the assignee of action item "Call the adjuster" from James Whitaker to Margaret Hale', ITEM],
  ['bills', 'insert', null, { id: BILL, number: 7, client_id: CLIENT, client_name: 'Harbor Point Condominiums', status: 'draft', total: '900.00' },
    'Denise Park created bill Bill-0007 for Harbor Point Condominiums', BILL],
  ['bills', 'update', { id: BILL, number: 7, client_id: CLIENT, status: 'draft', issued_on: null }, { id: BILL, number: 7, client_id: CLIENT, status: 'issued', issued_on: '2026-06-01' },
    'Denise Park issued bill Bill-0007 for Harbor Point Condominiums on 06/01/2026', BILL],
  ['bills', 'update', { id: BILL, number: 7, client_id: CLIENT, status: 'issued' }, { id: BILL, number: 7, client_id: CLIENT, status: 'void' },
    'Denise Park voided bill Bill-0007 for Harbor Point Condominiums', BILL],
  ['bill_adjustments', 'insert', null, { id: U(51), bill_id: BILL, kind: 'write_down', amount: '10.00' }, 'Denise Park created a line adjustment on bill Bill-0007'],
  ['payments', 'update', { id: PAYMENT, number: 3, bill_id: BILL, reversal_reason: null }, { id: PAYMENT, number: 3, bill_id: BILL, reversal_reason: 'Check bounced' },
    'Denise Park set the reason for the reversal of payment PMT-0003 on bill Bill-0007 to "Check bounced"', PAYMENT],
  ['credit_notes', 'insert', null, { id: CREDIT, number: 1, bill_id: BILL, amount: '5.00' }, 'Denise Park created credit note CN-0001 on bill Bill-0007', CREDIT],
  ['credit_note_lines', 'insert', null, { id: U(52), credit_note_id: CREDIT, description: 'Visit' }, 'Denise Park created a line of credit note CN-0001'],
  ['retainer_entries', 'insert', null, { id: U(53), case_id: CASE, kind: 'deposit', entry_date: '2026-11-02' },
    'Denise Park created a retainer deposit of 11/02/2026 on case 2026-014 Harbor Point'],
  ['client_credits', 'insert', null, { id: U(54), client_id: CLIENT, entry_date: '2026-11-02' }, 'Denise Park created a client credit of 11/02/2026 for client Harbor Point Condominiums'],
  ['field_reports', 'update', { id: REPORT, project_id: PROJECT, report_number: 'FR-12', content: { a: 1 } }, { id: REPORT, project_id: PROJECT, report_number: 'FR-12', content: { a: 2 } },
    'Denise Park changed the report contents of field report FR-12 on project 2026-014-01 Roof survey', REPORT],
  ['field_report_images', 'delete', { id: U(55), report_id: REPORT, caption: 'Roof' }, null, 'Denise Park deleted a photo of field report FR-12'],
  ['field_report_images', 'update', { id: U(55), report_id: REPORT, annotations: [], annotations_version: 0 },
    { id: U(55), report_id: REPORT, annotations: [{ id: 'a', type: 'arrow' }], annotations_version: 1 },
    'Denise Park changed the annotations of the photo of field report FR-12'],
  ['field_report_shares', 'insert', null, { id: U(58), report_id: REPORT, label: 'Adjuster', view_count: 0, expires_at: '2026-12-27T05:00:00Z' },
    'Denise Park created a share link "Adjuster" of field report FR-12'],
  ['field_report_shares', 'update', { id: U(58), report_id: REPORT, label: '', revoked_at: null }, { id: U(58), report_id: REPORT, label: '', revoked_at: '2026-11-27T14:00:00Z' },
    'Denise Park revoked the share link of field report FR-12'],
  ['firm_profile', 'update', { id: 1, firm_name: 'Hale & Park' }, { id: 1, firm_name: 'Hale and Park' }, 'Denise Park changed the firm name of the firm profile from "Hale & Park" to "Hale and Park"', '1'],
  ['users', 'update', { id: JAMES, email: 'j@x.test' }, { id: JAMES, email: 'j@x.test', password: 'changed' }, 'Denise Park changed the password of the account of James Whitaker', JAMES],
  ['profiles', 'update', { id: JAMES, initials: 'JW' }, { id: JAMES, initials: 'JRW' }, 'Denise Park changed the initials of the profile of James Whitaker from "JW" to "JRW"', JAMES],
  ['user_roles', 'insert', null, { user_id: JAMES, role: 'admin' }, 'Denise Park gave James Whitaker the role Administrator', JAMES],
  ['timesheet_weeks', 'update', { id: U(56), user_id: JAMES, week_start: '2026-11-02', note: 'a' }, { id: U(56), user_id: JAMES, week_start: '2026-11-02', note: 'b' },
    'Denise Park changed the note of the timesheet of James Whitaker for the week of 11/02/2026 from "a" to "b"'],
  ['timesheet_weeks', 'update', { id: U(56), user_id: JAMES, week_start: '2026-11-02', status: 'submitted', decided_by: null, note: '' },
    { id: U(56), user_id: JAMES, week_start: '2026-11-02', status: 'approved', decided_by: MARGARET, note: '' },
    'Denise Park approved the timesheet of James Whitaker for the week of 11/02/2026'],
  ['timesheet_weeks', 'update', { id: U(56), user_id: JAMES, week_start: '2026-11-02', status: 'approved', note: '' },
    { id: U(56), user_id: JAMES, week_start: '2026-11-02', status: 'open', note: 'Wrong hours on Tuesday' },
    'Denise Park reopened the timesheet of James Whitaker for the week of 11/02/2026 (note: "Wrong hours on Tuesday")'],
  ['sign_in_providers', 'update', { id: 'google', enabled: false }, { id: 'google', enabled: true }, 'Denise Park changed the on of the Google sign-in from no to yes', 'google'],
  ['api_tokens', 'update', { id: U(57), user_id: JAMES, name: 'Sync', revoked_at: null }, { id: U(57), user_id: JAMES, name: 'Sync', revoked_at: '2026-11-27T14:00:00Z' },
    'Denise Park revoked API token "Sync" of James Whitaker'],
  ['user_two_factor', 'insert', null, { user_id: JAMES, two_factor: 'on' }, 'Denise Park turned on two-factor sign-in for James Whitaker', JAMES],
  ['two_factor_policy', 'update', { id: 1, required_roles: [] }, { id: 1, required_roles: ['admin', 'super_admin'] },
    'Denise Park set the roles that must use it of the two-factor rule to Administrator, Super admin', '1'],
  ['field_report_settings', 'update', { id: 1, require_review: false }, { id: 1, require_review: true },
    "Denise Park changed the second engineer's review of the field report rule from no to yes", '1'],
  ['calendar_connection', 'update', { client_secret: 'set' }, { client_secret: 'replaced' }, 'Denise Park replaced the client secret of the Google Calendar connection', '1'],
  ['integration_settings', 'update', { google_client_id: 'old.apps.googleusercontent.com' }, { google_client_id: 'new.apps.googleusercontent.com' },
    'Denise Park changed the Google Client ID of the Google Calendar settings from "old.apps.googleusercontent.com" to "new.apps.googleusercontent.com"', '1'],
  ['first_run', 'update', { id: 1, firm_profile: null, users: null }, { id: 1, firm_profile: 'done', users: 'skipped' },
    'Denise Park changed the first-run setup: the firm profile step set to done; the users step set to skipped', '1'],
  ['engagement_letter_template', 'update', { id: 1, template: null }, { id: 1, template: 'Dear {{client}}' },
    'Denise Park set the text of the engagement letter template to "Dear {{client}}"', '1'],
  ['engagement_letters', 'insert', null, { id: U(59), case_id: CASE, engaged_on: '2026-11-02', file_name: 'signed.pdf', sha256: 'ab'.repeat(32) },
    'Denise Park recorded the signed engagement letter of case 2026-014 Harbor Point: engaged on 11/02/2026 (SHA-256 abababababab…)'],
  ['case_parties', 'insert', null, { id: U(60), case_id: CASE, role: 'insurer', name: 'Liberty Mutual', name_key: 'liberty mutual' },
    'Denise Park created party "Liberty Mutual" (insurer) on case 2026-014 Harbor Point'],
  ['case_deadlines', 'update', { id: U(63), case_id: CASE, title: 'Rebuttal disclosure', due_date: '2026-11-12', set_by_hand: false, chain_date: '2026-11-12' },
    { id: U(63), case_id: CASE, title: 'Rebuttal disclosure', due_date: '2026-11-20', set_by_hand: true, chain_date: '2026-11-12' },
    'Denise Park changed deadline "Rebuttal disclosure" on case 2026-014 Harbor Point: the date from 11/12/2026 to 11/20/2026; the date set by hand from no to yes'],
  ['evidence_items', 'update', { id: U(64), case_id: CASE, tag_number: 7, description: 'Burnt outlet', location: 'Van 2', custodian: 'Dana Ruiz' },
    { id: U(64), case_id: CASE, tag_number: 7, description: 'Burnt outlet', location: 'Acme Labs', custodian: 'Acme Materials Lab' },
    'Denise Park changed evidence item E-0007 "Burnt outlet" on case 2026-014 Harbor Point: the custodian from "Dana Ruiz" to "Acme Materials Lab"; the location from "Van 2" to "Acme Labs"'],
  ['budgets', 'update', { id: U(65), case_id: CASE, project_id: null, unit: 'money', amount: 5000 },
    { id: U(65), case_id: CASE, project_id: null, unit: 'money', amount: 8000 },
    // The amount is money: only a super admin reads it (below).
    'Denise Park changed the money budget of case 2026-014 Harbor Point'],
  ['testimony_events', 'update', { id: U(66), case_id: CASE, kind: 'deposition', event_date: '2026-06-02', caption: 'Doe v. Roe', deposit_amount: '1800.00', deposit_received_on: null },
    { id: U(66), case_id: CASE, kind: 'deposition', event_date: '2026-06-09', caption: 'Doe v. Roe', deposit_amount: '2400.00', deposit_received_on: '2026-06-01' },
    'Denise Park changed the date of the deposition of 06/09/2026 ("Doe v. Roe") on case 2026-014 Harbor Point from 06/02/2026 to 06/09/2026'],
  ['conflict_decisions', 'insert', null, { id: U(61), case_id: CASE, decision: 'cleared_with_waiver', reason: 'Both sides signed.' },
    'Denise Park cleared the conflict check of case 2026-014 Harbor Point with a waiver (reason: "Both sides signed.")'],
  ['conflict_decisions', 'insert', null, { id: U(62), case_id: null, subject: 'Acme Roofing', decision: 'declined', reason: 'Adverse.' },
    'Denise Park declined the intake conflict check for "Acme Roofing" (reason: "Adverse.")'],
];

describe('auditWords: every audited table reads as a sentence', () => {
  it('shows a budget\'s amount to a super admin only', () => {
    const before = { id: U(65), case_id: CASE, project_id: null, unit: 'money', amount: 5000 };
    expect(words('budgets', 'update', before, { ...before, amount: 8000 }, U(65), true).text)
      .toBe('Denise Park changed the amount of the money budget of case 2026-014 Harbor Point from 5000 to 8000');
  });

  it('has a case for every audited table and field words for it', () => {
    expect(new Set(CASES.map((c) => c[0]))).toEqual(new Set(AUDITED_TABLES));
    for (const table of AUDITED_TABLES) expect(FIELD_WORDS[table], table).toBeDefined();
  });

  it.each(CASES)('%s %s', (table, action, before, after, text, rowId) => {
    const w = words(table, action, before, after, rowId);
    expect(w.text).toBe(text);
    expect(w.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(w.sentence.map((p) => p.text).join('')).toBe(w.text);
  });
});

describe('auditWords: the parts and the rules', () => {
  it('names a shared report\'s viewer by the link: nobody is signed in', () => {
    const view = (label: string) => auditWords({
      table: 'field_report_shares', rowId: U(58), action: 'update', actorId: null, actorName: null,
      before: { id: U(58), report_id: REPORT, label, view_count: 2 }, after: { id: U(58), report_id: REPORT, label, view_count: 3 },
      changes: changedFields('field_report_shares', { view_count: 2 }, { view_count: 3 }, { showMoney: false }),
    }, names, TZ).text;
    expect(view('Adjuster')).toBe('Anyone with the link "Adjuster" opened field report FR-12 (view 3)');
    expect(view('')).toBe('Anyone with the link opened field report FR-12 (view 3)');
  });

  it('links the names it finds: the person changed, the record, the assignees', () => {
    const w = words('action_items', 'update', { id: ITEM, title: 'Call the adjuster', assigned_to: JAMES }, { id: ITEM, title: 'Call the adjuster', assigned_to: MARGARET }, ITEM);
    expect(w.sentence.filter((p) => p.href).map((p) => [p.text, p.href])).toEqual([
      ['"Call the adjuster"', `/time-tracking?project=${PROJECT}&item=${ITEM}`], ['James Whitaker', '/settings/users'], ['Margaret Hale', '/settings/users'],
    ]);
    expect(w.record).toEqual({ type: 'Action item', label: 'action item "Call the adjuster"', href: `/time-tracking?project=${PROJECT}&item=${ITEM}`, deleted: false });
  });

  it('says a record is gone: its own row, and the people and parents it names', () => {
    const w = words('action_items', 'update', { id: GONE, title: 'Old', assigned_to: JAMES }, { id: GONE, title: 'Old', assigned_to: GONE }, GONE);
    expect(w.text).toBe('Denise Park changed the assignee of action item "Old" from James Whitaker to a deleted user (since deleted)');
    expect(w.record).toMatchObject({ href: null, deleted: true });
  });

  it('several fields: one sentence, each field in its own clause', () => {
    const w = words('action_items', 'update', { id: ITEM, title: 'Call', due_date: '2026-11-02', location: 'Lobby', priority: 'low' },
      { id: ITEM, title: 'Call', due_date: '2026-11-05', location: null, priority: 'high', start_time: '14:30:00' }, ITEM);
    expect(w.text).toBe('Denise Park changed action item "Call": the due date from 11/02/2026 to 11/05/2026; the location cleared (was "Lobby"); '
      + 'the priority from low to high; the start time set to 2:30 PM');
  });

  it('a creation lists what it set, in words, below the sentence', () => {
    const w = words('action_items', 'insert', null, { id: ITEM, project_id: PROJECT, title: 'Call', assigned_to: JAMES, due_date: '2026-11-05',
      calendar_generation: 0, description: '', archived: false }, ITEM);
    expect(w.details.map((d) => d.map((p) => p.text).join(''))).toEqual(['assignee: James Whitaker', 'due date: 11/05/2026', 'project: 2026-014-01 Roof survey', 'short description: "Call"']);
  });

  it('money: an admin reads no money field, a super admin does', () => {
    const before = { id: ENTRY, project_id: PROJECT, entry_date: '2026-11-02', rate: 150, hours: 1 };
    const after = { ...before, rate: 175, hours: 2.5 };
    expect(words('time_entries', 'update', before, after, ENTRY, false).text).toBe('Denise Park changed the hours of the time entry of 11/02/2026 on project 2026-014-01 Roof survey from 1 to 2.5');
    expect(words('time_entries', 'update', before, after, ENTRY, true).text).toContain('the rate from 150 to 175');
    expect(words('bills', 'insert', null, { id: BILL, number: 7, client_id: CLIENT, total: '900.00' }, BILL).details.flat().map((p) => p.text).join()).not.toContain('900');
  });

  it('testimony: the deposit is money, for a super admin only; an arbitration is "an"', () => {
    const row = { id: U(65), case_id: CASE, kind: 'arbitration', event_date: '2026-06-02', caption: 'Doe v. Roe', expert_id: JAMES,
      deposit_amount: '1800.00', deposit_received_on: '2026-05-30', deposit_method: 'wire', bills_deposing_side: false };
    const forAdmin = words('testimony_events', 'insert', null, row, U(65), false);
    expect(forAdmin.text).toBe('Denise Park created an arbitration of 06/02/2026 ("Doe v. Roe") on case 2026-014 Harbor Point');
    expect(forAdmin.details.flat().map((p) => p.text).join()).not.toMatch(/1800|deposit|05\/30/);
    expect(forAdmin.details.map((d) => d.map((p) => p.text).join(''))).toContain('testifying expert: James Whitaker');
    const forSuper = words('testimony_events', 'insert', null, row, U(65), true);
    expect(forSuper.details.map((d) => d.map((p) => p.text).join(''))).toEqual(expect.arrayContaining([
      'deposit required: "1800.00"', 'deposit received on: 05/30/2026', 'deposit method: wire']));
  });

  it('a cancellation entry says when the event was and when notice came', () => {
    const before = { id: ENTRY, project_id: PROJECT, entry_date: '2026-06-03', event_scheduled_at: null, notice_given_at: null };
    const after = { ...before, event_scheduled_at: '2026-06-03T13:00:00Z', notice_given_at: '2026-06-02T07:00:00Z' };
    expect(words('time_entries', 'update', before, after, ENTRY).text).toBe('Denise Park changed the time entry of 06/03/2026 on project 2026-014-01 Roof survey: '
      + 'the cancelled event scheduled for set to 06/03/2026 9:00 AM EDT; the cancellation notice given at set to 06/02/2026 3:00 AM EDT');
  });

  it('the system and deleted people act too', () => {
    const row: AuditRowIn = { table: 'clients', rowId: CLIENT, action: 'delete', actorId: null, actorName: null, before: { name: 'A' }, after: null, changes: [] };
    expect(auditWords(row, names, TZ).text).toBe('The system deleted client A');
    expect(auditWords({ ...row, actorId: GONE }, names, TZ).text).toMatch(/^A deleted user deleted/);
  });

  it('moments read in the firm\'s zone with its abbreviation', () => {
    const w = words('timesheet_weeks', 'update', { id: U(56), user_id: JAMES, week_start: '2026-11-02', submitted_at: null },
      { id: U(56), user_id: JAMES, week_start: '2026-11-02', submitted_at: '2026-11-27T19:04:00Z' });
    expect(w.text).toContain('to 11/27/2026 2:04 PM EST');
  });
});

describe('the lookups and links', () => {
  it('refs: the own record, the actor, the subject\'s parents and the ids in changed fields, never a non-uuid', () => {
    const row: AuditRowIn = { table: 'action_items', rowId: ITEM, action: 'update', actorId: DENISE, actorName: 'Denise Park',
      before: { project_id: PROJECT, assigned_to: JAMES }, after: { project_id: PROJECT, assigned_to: MARGARET },
      changes: [{ field: 'assigned_to', before: JAMES, after: MARGARET }] };
    expect(auditRefs(row)).toEqual([{ kind: 'action_item', id: ITEM }, { kind: 'user', id: DENISE }, { kind: 'project', id: PROJECT },
      { kind: 'user', id: JAMES }, { kind: 'user', id: MARGARET }]);
    expect(auditRefs({ ...row, table: 'sign_in_providers', rowId: 'google', actorId: null, changes: [] })).toEqual([]);
  });

  it.each([
    ['case', { id: CASE }, false, `/case/${CASE}`], ['project', { id: PROJECT }, false, `/project/${PROJECT}`],
    ['action_item', { id: ITEM, projectId: PROJECT }, false, `/time-tracking?project=${PROJECT}&item=${ITEM}`],
    ['bill', { id: BILL }, false, null], ['bill', { id: BILL }, true, `/accounting/bills/${BILL}`],
    ['payment', { id: PAYMENT, billId: BILL }, true, `/accounting/bills/${BILL}`], ['client', { id: CLIENT, name: 'A & B' }, false, '/existing-clients?q=A%20%26%20B'],
    ['field_report', { id: REPORT }, false, `/field-reports/${REPORT}`], ['time_entry', { id: ENTRY, projectId: PROJECT }, false, `/time-tracking?project=${PROJECT}`],
  ] as const)('%s → its page', (kind, r, isSuperAdmin, href) => {
    expect(recordHref(kind, r, { isSuperAdmin })).toBe(href);
  });

  it('internal columns are one list, left out of every table', () => {
    for (const column of ['id', 'version', 'updated_at', 'created_at', 'import_fingerprint']) expect(isInternalColumn('clients', column)).toBe(true);
    expect(isInternalColumn('action_items', 'calendar_generation')).toBe(true);
    expect(isInternalColumn('projects', 'case_id')).toBe(false);
    expect(INTERNAL_COLUMNS.time_entries).toContain('value_cents');
    expect(usDate('2026-11-02')).toBe('11/02/2026');
  });
});

describe('fullTextChanges: the texts the sentence cannot hold whole (issue 38)', () => {
  const long = `Pay by ACH to First Bank, routing 011000015, account 4455. ${'Reference the bill number. '.repeat(9)}`.trim();
  it.each([
    ['a short one-line text: the sentence holds it', 'firm_profile', [{ field: 'phone', before: '555-0100', after: '555-0199' }], []],
    ['a 300-character text, in full, by its screen label', 'firm_profile', [{ field: 'remittance', before: 'Check to the office', after: long }],
      [{ label: 'remittance details', before: 'Check to the office', after: long }]],
    ['a text of several lines', 'firm_profile', [{ field: 'address', before: '1 Main St\nSpringfield', after: '' }],
      [{ label: 'address', before: '1 Main St\nSpringfield', after: '' }]],
    ['not a date, a flag or a reference', 'time_entries', [{ field: 'entry_date', before: '2026-01-01', after: '2026-01-02' }], []],
    ['a cleared long note', 'bills', [{ field: 'note', before: 'x'.repeat(81), after: null }], [{ label: 'note', before: 'x'.repeat(81), after: '' }]],
  ])('%s', (_, table, changes, full) => expect(fullTextChanges(table, changes)).toEqual(full));
  it('the sample is 300 characters', () => expect(long.length).toBeGreaterThanOrEqual(290));
});
