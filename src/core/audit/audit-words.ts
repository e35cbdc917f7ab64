import type { FieldChange } from './audit.ts';
import { fieldWords, type FieldWords, type TRefKind } from './audit-fields.ts';
import { formatBillNumber, formatCreditNoteNumber, formatPaymentNumber } from '../billing/billing.ts';
import { firmDateTime } from '../dates/firm-clock.ts';
import { shareViewerName } from '../field-reports/share-links.ts';
import { tagText } from '../evidence/evidence.ts';
import { ROLE_LABELS } from '../accounts/users.ts';

/**
 * The audit log in words (issue 28, docs/decisions/097): one audit row and a lookup of the names it
 * refers to become a sentence in the screens' own words, 'Denise Park changed the assignee of action
 * item "Call the adjuster" from James Whitaker to Margaret Hale', as parts (a named record links to
 * its page) and as text.
 */

type Row = Record<string, unknown> | null;

/** A record as people name it, and its page (null: it has none, or the reader may not open it). */
export interface Named {
  label: string;
  href: string | null;
}
/** The names the server found for one page of rows; undefined: no such record (any more). */
export type NameLookup = (kind: TRefKind, id: string) => Named | undefined;

export interface SentencePart {
  text: string;
  href?: string;
}

export interface AuditRowIn {
  table: string;
  rowId: string;
  action: 'insert' | 'update' | 'delete';
  actorId: string | null;
  actorName: string | null;
  before: Row;
  after: Row;
  /** From `changedFields`: internal columns out, money out below super admin. */
  changes: FieldChange[];
}

export interface AuditWords {
  sentence: SentencePart[];
  text: string;
  /** For an insert: what it set, one 'label: value' each (empty values and unset flags left out). */
  details: SentencePart[][];
  record: { type: string; label: string; href: string | null; deleted: boolean };
}

/** The kind of record each audited table's row is (its own id is looked up: a name to link, or gone). */
const OWN_KIND: Partial<Record<string, TRefKind>> = {
  clients: 'client', cases: 'case', projects: 'project', action_items: 'action_item', bills: 'bill', payments: 'payment',
  credit_notes: 'credit_note', field_reports: 'field_report', time_entries: 'time_entry', expense_entries: 'expense_entry',
  users: 'user', profiles: 'user', user_roles: 'user', user_two_factor: 'user',
};

const KIND_NOUN: Record<TRefKind, string> = {
  user: 'user', client: 'client', case: 'case', project: 'project', action_item: 'action item', bill: 'bill', payment: 'payment',
  credit_note: 'credit note', field_report: 'field report', time_entry: 'time entry', expense_entry: 'expense', rate_code: 'rate code',
  attorney: 'attorney',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every record one row names (its own id, the parents its subject names, the ids in its changed fields): the server looks them up a page at a time. */
export function auditRefs(row: AuditRowIn): Array<{ kind: TRefKind; id: string }> {
  const out: Array<{ kind: TRefKind; id: string }> = [];
  const add = (kind: TRefKind, id: unknown) => {
    if (typeof id === 'string' && UUID.test(id)) out.push({ kind, id });
  };
  const own = OWN_KIND[row.table];
  if (own) add(own, row.rowId);
  add('user', row.actorId);
  const snap = { ...row.before, ...row.after };
  for (const [column, kind] of Object.entries(SUBJECT_PARENTS[row.table] ?? {})) add(kind, snap[column]);
  for (const c of row.changes) {
    const words = fieldWords(row.table, c.field);
    if (typeof words.kind === 'object') {
      add(words.kind.ref, c.before);
      add(words.kind.ref, c.after);
    }
  }
  return out;
}

// The parents a subject names: 'a time entry of 11/02/2026 on project …'.
const SUBJECT_PARENTS: Partial<Record<string, Record<string, TRefKind>>> = {
  time_entries: { project_id: 'project' }, expense_entries: { project_id: 'project' }, action_items: { project_id: 'project' },
  bills: { client_id: 'client' }, bill_adjustments: { bill_id: 'bill' }, payments: { bill_id: 'bill' }, credit_notes: { bill_id: 'bill' },
  credit_note_lines: { credit_note_id: 'credit_note' }, retainer_entries: { case_id: 'case' }, client_credits: { client_id: 'client' },
  field_reports: { project_id: 'project' }, field_report_images: { report_id: 'field_report' }, field_report_shares: { report_id: 'field_report' },
  timesheet_weeks: { user_id: 'user' },
  api_tokens: { user_id: 'user' }, projects: { case_id: 'case' }, engagement_letters: { case_id: 'case' },
  case_parties: { case_id: 'case' }, conflict_decisions: { case_id: 'case' }, case_deadlines: { case_id: 'case' },
  evidence_items: { case_id: 'case' }, budgets: { case_id: 'case', project_id: 'project' },
  testimony_events: { case_id: 'case' },
};

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const CLIP_AT = 80;
const clip = (text: string) => (text.length > CLIP_AT ? `${text.slice(0, CLIP_AT - 1)}…` : text);

/**
 * The changed text fields the sentence cannot hold whole (issue 38): longer than it shows, or of
 * several lines. The audit log keeps every value whole; the screen shows these in full under the sentence.
 */
export function fullTextChanges(table: string, changes: readonly { field: string; before: unknown; after: unknown }[]):
  { label: string; before: string; after: string }[] {
  const long = (v: unknown) => typeof v === 'string' && (v.length > CLIP_AT || v.includes('\n'));
  return changes.filter((c) => (fieldWords(table, c.field).kind ?? 'text') === 'text' && (long(c.before) || long(c.after)))
    .map((c) => ({ label: fieldWords(table, c.field).label, before: str(c.before), after: str(c.after) }));
}

/** 'YYYY-MM-DD' (or a timestamp's date) as MM/DD/YYYY. */
export function usDate(value: unknown): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(value));
  return m ? `${m[2]}/${m[3]}/${m[1]}` : str(value);
}

function clockTime(value: unknown): string {
  const m = /^(\d{2}):(\d{2})/.exec(str(value));
  if (!m) return str(value);
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

const roleLabel = (v: unknown) => ROLE_LABELS[v as keyof typeof ROLE_LABELS] ?? str(v);

interface Ctx {
  names: NameLookup;
  timeZone: string;
}

function refPart(kind: TRefKind, id: unknown, ctx: Ctx): SentencePart {
  const named = typeof id === 'string' ? ctx.names(kind, id) : undefined;
  if (!named) return { text: `a deleted ${KIND_NOUN[kind]}` };
  return named.href ? { text: named.label, href: named.href } : { text: named.label };
}

/** One value in words; null for a value that is not shown (an opaque field: only that it changed). */
function valuePart(words: FieldWords, value: unknown, ctx: Ctx): SentencePart | null {
  const kind = words.kind ?? 'text';
  if (typeof kind === 'object') return refPart(kind.ref, value, ctx);
  switch (kind) {
    case 'opaque': return null;
    case 'date': return { text: usDate(value) };
    case 'time': return { text: clockTime(value) };
    case 'moment': return { text: firmDateTime(str(value), ctx.timeZone) };
    case 'flag': return { text: value === true ? 'yes' : 'no' };
    case 'word': return { text: str(value).replaceAll('_', ' ') };
    case 'role': return { text: roleLabel(value) };
    case 'roles': return { text: Array.isArray(value) && value.length > 0 ? value.map(roleLabel).join(', ') : 'nobody' };
    default: return typeof value === 'string' ? { text: `"${clip(value)}"` } : { text: clip(typeof value === 'object' ? JSON.stringify(value) : str(value)) };
  }
}

/** The record a row is about, with 'a' (created, deleted) or 'the' (changed) where it has no name. */
function subject(row: AuditRowIn, ctx: Ctx, art: 'a' | 'the'): SentencePart[] {
  const s = { ...row.before, ...row.after };
  const ownKind = OWN_KIND[row.table];
  const own = ownKind ? ctx.names(ownKind, row.rowId) : undefined;
  const self = (text: string): SentencePart => (own?.href ? { text, href: own.href } : { text });
  const ref = (kind: TRefKind, column: string) => refPart(kind, s[column], ctx);
  const An = art === 'a' ? 'a' : 'the';
  switch (row.table) {
    case 'clients': return [{ text: 'client ' }, self(str(s.name))];
    case 'cases': return [{ text: 'case ' }, self([str(s.file_number), str(s.case_name)].filter(Boolean).join(' '))];
    case 'projects': return [{ text: 'project ' }, self([str(s.project_number), str(s.project_name)].filter(Boolean).join(' '))];
    case 'time_entries': return [self(`${An} time entry of ${usDate(s.entry_date)}`), { text: ' on project ' }, ref('project', 'project_id')];
    case 'expense_entries': return [self(`${art === 'a' ? 'an' : 'the'} expense of ${usDate(s.entry_date)}`), { text: ' on project ' }, ref('project', 'project_id')];
    case 'action_items': return [{ text: 'action item ' }, self(`"${clip(str(s.title))}"`)];
    case 'bills': return [{ text: 'bill ' }, self(`Bill-${formatBillNumber(Number(s.number))}`), { text: ' for ' },
      s.client_id ? ref('client', 'client_id') : { text: str(s.client_name) }];
    case 'bill_adjustments': return [{ text: `${An} line adjustment on bill ` }, ref('bill', 'bill_id')];
    case 'payments': return [{ text: 'payment ' }, self(formatPaymentNumber(Number(s.number))), { text: ' on bill ' }, ref('bill', 'bill_id')];
    case 'credit_notes': return [{ text: 'credit note ' }, self(formatCreditNoteNumber(Number(s.number))), { text: ' on bill ' }, ref('bill', 'bill_id')];
    case 'credit_note_lines': return [{ text: `${An} line of credit note ` }, ref('credit_note', 'credit_note_id')];
    case 'retainer_entries': return [{ text: `${An} retainer ${str(s.kind)} of ${usDate(s.entry_date)} on case ` }, ref('case', 'case_id')];
    case 'client_credits': return [{ text: `${An} client credit of ${usDate(s.entry_date)} for client ` }, ref('client', 'client_id')];
    case 'field_reports': return [{ text: 'field report ' }, self(str(s.report_number)), { text: ' on project ' }, ref('project', 'project_id')];
    case 'field_report_images': return [{ text: `${An} photo of field report ` }, ref('field_report', 'report_id')];
    case 'field_report_shares': return [{ text: `${An} share link${s.label ? ` "${clip(str(s.label))}"` : ''} of field report ` }, ref('field_report', 'report_id')];
    case 'firm_profile': return [{ text: 'the firm profile' }];
    case 'users': return [{ text: 'the account of ' }, own ? self(own.label) : { text: str(s.email) }];
    case 'profiles': return [{ text: 'the profile of ' }, own ? self(own.label) : { text: str(s.display_name) }];
    case 'user_roles': return [{ text: 'the role of ' }, refPart('user', row.rowId, ctx)];
    case 'user_two_factor': return [{ text: 'two-factor sign-in of ' }, refPart('user', row.rowId, ctx)];
    case 'timesheet_weeks': return [{ text: 'the timesheet of ' }, ref('user', 'user_id'), { text: ` for the week of ${usDate(s.week_start)}` }];
    case 'sign_in_providers': return [{ text: `the ${row.rowId === 'microsoft' ? 'Microsoft' : row.rowId === 'google' ? 'Google' : row.rowId} sign-in` }];
    case 'api_tokens': return [{ text: `API token "${clip(str(s.name))}" of ` }, ref('user', 'user_id')];
    case 'two_factor_policy': return [{ text: 'the two-factor rule' }];
    case 'field_report_settings': return [{ text: 'the field report rule' }];
    case 'calendar_connection': return [{ text: 'the Google Calendar connection' }];
    case 'integration_settings': return [{ text: 'the Google Calendar settings' }];
    case 'first_run': return [{ text: 'the first-run setup' }];
    case 'engagement_letter_template': return [{ text: 'the engagement letter template' }];
    case 'engagement_letters': return [{ text: `${An} signed engagement letter of case ` }, ref('case', 'case_id')];
    case 'case_parties': return [{ text: `party "${clip(str(s.name))}" (${str(s.role).replaceAll('_', ' ')}) on case ` }, ref('case', 'case_id')];
    case 'case_deadlines': return [{ text: `deadline "${clip(str(s.title))}" on case ` }, ref('case', 'case_id')];
    case 'evidence_items': return [{ text: `evidence item ${tagText(Number(s.tag_number))} "${clip(str(s.description))}" on case ` }, ref('case', 'case_id')];
    case 'budgets': return s.project_id ? [{ text: `${An} ${str(s.unit)} budget of project ` }, ref('project', 'project_id')]
      : [{ text: `${An} ${str(s.unit)} budget of case ` }, ref('case', 'case_id')];
    case 'testimony_events': return [{ text: `${An === 'a' && s.kind === 'arbitration' ? 'an' : An} ${str(s.kind)} of ${usDate(s.event_date)} `
      + `("${clip(str(s.caption))}") on case ` }, ref('case', 'case_id')];
    case 'conflict_decisions': return s.case_id ? [{ text: 'the conflict check of case ' }, ref('case', 'case_id')]
      : [{ text: `the intake conflict check for "${clip(str(s.subject))}"` }];
    default: return [{ text: `${An} ${row.table.replaceAll('_', ' ')} record` }];
  }
}

/** 'the assignee from James Whitaker to Margaret Hale', 'the due date set to 11/05/2026', 'the location cleared (was "Lobby")'. */
function clause(row: AuditRowIn, change: FieldChange, ctx: Ctx): { verb: string; parts: SentencePart[] } {
  const words = fieldWords(row.table, change.field);
  const before = isEmpty(change.before) ? null : valuePart(words, change.before, ctx);
  const after = isEmpty(change.after) ? null : valuePart(words, change.after, ctx);
  const the = { text: `the ${words.label}` };
  if (words.kind === 'opaque') return { verb: 'changed', parts: [the] };
  if (!before && after) return { verb: 'set', parts: [the, { text: ' to ' }, after] };
  if (before && !after) return { verb: 'cleared', parts: [the, { text: ' (was ' }, before, { text: ')' }] };
  return { verb: 'changed', parts: [the, { text: ' from ' }, before ?? { text: '—' }, { text: ' to ' }, after ?? { text: '—' }] };
}

// A bill's and a week's steps read as the buttons that take them.
const BILL_VERBS: Record<string, string> = { issued: 'issued', void: 'voided' };
const WEEK_VERBS: Record<string, string> = { submitted: 'submitted', approved: 'approved', rejected: 'sent back', open: 'reopened' };

/** A step of a bill or a timesheet week: 'issued bill Bill-0007 for … on 06/01/2026', 'approved the timesheet of … (note: "…")'. */
function step(row: AuditRowIn, ctx: Ctx): SentencePart[] | null {
  const status = str(row.after?.status);
  if (row.action !== 'update' || str(row.before?.status) === status) return null;
  if (row.table === 'bills' && BILL_VERBS[status]) {
    const on = status === 'issued' && row.after?.issued_on ? [{ text: ` on ${usDate(row.after.issued_on)}` }] : [];
    return [{ text: `${BILL_VERBS[status]} ` }, ...subject(row, ctx, 'the'), ...on];
  }
  if (row.table === 'timesheet_weeks' && WEEK_VERBS[status]) {
    const note = row.after?.note && row.after.note !== row.before?.note ? [{ text: ` (note: "${clip(str(row.after.note))}")` }] : [];
    return [{ text: `${WEEK_VERBS[status]} ` }, ...subject(row, ctx, 'the'), ...note];
  }
  return null;
}

/** What the row says after the person's name. */
function predicate(row: AuditRowIn, ctx: Ctx): SentencePart[] {
  const s = { ...row.before, ...row.after };
  if (row.table === 'user_two_factor') {
    return [{ text: `turned ${row.action === 'delete' ? 'off' : 'on'} two-factor sign-in for ` }, refPart('user', row.rowId, ctx)];
  }
  if (row.table === 'user_roles' && row.action !== 'update') {
    const role = { text: roleLabel(s.role) };
    return row.action === 'insert'
      ? [{ text: 'gave ' }, refPart('user', row.rowId, ctx), { text: ' the role ' }, role]
      : [{ text: 'took the role ' }, role, { text: ' from ' }, refPart('user', row.rowId, ctx)];
  }
  if (row.table === 'api_tokens' && row.action === 'update' && !row.before?.revoked_at && row.after?.revoked_at) {
    return [{ text: 'revoked ' }, ...subject(row, ctx, 'the')];
  }
  if (row.table === 'field_report_shares' && row.action === 'update') {
    if (isView(row)) return [{ text: 'opened field report ' }, refPart('field_report', s.report_id, ctx), { text: ` (view ${str(row.after?.view_count)})` }];
    if (!row.before?.revoked_at && row.after?.revoked_at) return [{ text: 'revoked ' }, ...subject(row, ctx, 'the')];
  }
  if (row.table === 'calendar_connection') {
    // Never the secret: its trigger writes only 'not set', 'set' or 'replaced' (docs/decisions/099).
    const secret = str(row.after?.client_secret);
    return [{ text: `${secret === 'not set' ? 'removed' : secret === 'replaced' ? 'replaced' : 'saved'} the client secret of ` }, ...subject(row, ctx, 'the')];
  }
  if (row.table === 'engagement_letters' && row.action === 'insert') {
    return [{ text: 'recorded the signed engagement letter of case ' }, refPart('case', s.case_id, ctx),
      { text: `: engaged on ${usDate(s.engaged_on)} (SHA-256 ${str(s.sha256).slice(0, 12)}…)` }];
  }
  if (row.table === 'conflict_decisions' && row.action === 'insert') {
    // 'cleared the conflict check of case 2026-014 Ames v. Pike (reason: "…")', 'declined…', 'cleared … with a waiver'.
    const verb = s.decision === 'declined' ? 'declined ' : 'cleared ';
    const waiver = s.decision === 'cleared_with_waiver' ? [{ text: ' with a waiver' }] : [];
    return [{ text: verb }, ...subject(row, ctx, 'the'), ...waiver, { text: ` (reason: "${clip(str(s.reason))}")` }];
  }
  const stepped = step(row, ctx);
  if (stepped) return stepped;
  if (row.action === 'insert') return [{ text: 'created ' }, ...subject(row, ctx, 'a')];
  if (row.action === 'delete') return [{ text: 'deleted ' }, ...subject(row, ctx, 'a')];
  const what = subject(row, ctx, 'the');
  if (row.changes.length === 0) return [{ text: 'changed ' }, ...what];
  if (row.changes.length === 1) {
    const { verb, parts } = clause(row, row.changes[0]!, ctx);
    const [the, ...rest] = parts;
    return [{ text: `${verb} ` }, the!, { text: ' of ' }, ...what, ...rest];
  }
  const clauses = row.changes.map((c) => {
    const { verb, parts } = clause(row, c, ctx);
    const [the, ...rest] = parts;
    return verb === 'changed' && rest.length === 0 ? [the!, { text: ' changed' }]
      : verb === 'changed' ? parts : [the!, { text: ` ${verb}` }, ...rest];
  });
  return [{ text: 'changed ' }, ...what, { text: ': ' }, ...clauses.flatMap((c, i) => (i === 0 ? c : [{ text: '; ' }, ...c]))];
}

/** An opening of a shared report's page: its link's view count went up, by nobody signed in. */
const isView = (row: AuditRowIn) => row.table === 'field_report_shares' && row.action === 'update'
  && Number(row.after?.view_count ?? 0) > Number(row.before?.view_count ?? 0);

/** Adjacent plain parts joined, so the sentence is as few pieces as its links allow. */
function joined(parts: SentencePart[]): SentencePart[] {
  const out: SentencePart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && !last.href && !p.href) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

const TYPE_NAMES: Record<string, string> = {
  clients: 'Client', cases: 'Case', projects: 'Project', time_entries: 'Time entry', expense_entries: 'Expense', action_items: 'Action item',
  bills: 'Bill', bill_adjustments: 'Bill line adjustment', payments: 'Payment', credit_notes: 'Credit note', credit_note_lines: 'Credit note line',
  retainer_entries: 'Retainer', client_credits: 'Client credit', field_reports: 'Field report', field_report_images: 'Field report photo',
  field_report_shares: 'Field report share link',
  firm_profile: 'Firm profile', users: 'User', profiles: 'Profile', user_roles: 'User role', timesheet_weeks: 'Timesheet week',
  sign_in_providers: 'Sign-in provider', api_tokens: 'API token', user_two_factor: 'Two-factor sign-in', two_factor_policy: 'Two-factor rule',
  field_report_settings: 'Field report rule',
  calendar_connection: 'Google Calendar connection', integration_settings: 'Google Calendar settings', first_run: 'First-run setup',
  engagement_letter_template: 'Engagement letter template', engagement_letters: 'Signed engagement letter',
  case_parties: 'Case party', conflict_decisions: 'Conflict check decision', case_deadlines: 'Case deadline',
  evidence_items: 'Evidence item', budgets: 'Budget',
  testimony_events: 'Testimony',
};

/** One audit row in words. `timeZone` is the firm's (moments in a changed field read in it). */
export function auditWords(row: AuditRowIn, names: NameLookup, timeZone: string): AuditWords {
  const ctx = { names, timeZone };
  const ownKind = OWN_KIND[row.table];
  const own = ownKind ? names(ownKind, row.rowId) : undefined;
  const deleted = Boolean(ownKind) && !own && UUID.test(row.rowId);
  // A shared report's page is opened by whoever holds the link: no one is signed in.
  const actor: SentencePart = isView(row) && !row.actorId ? { text: shareViewerName(str(row.after?.label)) }
    : { text: row.actorName ?? (row.actorId ? 'A deleted user' : 'The system') };
  const gone = deleted && row.action !== 'delete' ? [{ text: ' (since deleted)' }] : [];
  const sentence = joined([actor, { text: ' ' }, ...predicate(row, ctx), ...gone]);
  const details = row.action !== 'insert' ? [] : row.changes.flatMap((c) => {
    const words = fieldWords(row.table, c.field);
    if (isEmpty(c.after) || c.after === false) return [];
    const value = valuePart(words, c.after, ctx);
    return value ? [joined([{ text: `${words.label}: ` }, value])] : [];
  });
  const label = subject(row, ctx, 'the').map((p) => p.text).join('');
  return {
    sentence,
    text: sentence.map((p) => p.text).join(''),
    details,
    record: { type: TYPE_NAMES[row.table] ?? row.table, label, href: own?.href ?? null, deleted },
  };
}

/** Where a named record opens (the app's routes); null where it has no page or the reader may not open it. */
export function recordHref(kind: TRefKind, r: { id: string; projectId?: string | null; billId?: string | null; name?: string },
  viewer: { isSuperAdmin: boolean }): string | null {
  switch (kind) {
    case 'client': return `/existing-clients?q=${encodeURIComponent(r.name ?? '')}`;
    case 'case': return `/case/${r.id}`;
    case 'project': return `/project/${r.id}`;
    case 'action_item': return r.projectId ? `/time-tracking?project=${r.projectId}&item=${r.id}` : null;
    case 'time_entry': case 'expense_entry': return r.projectId ? `/time-tracking?project=${r.projectId}` : null;
    case 'field_report': return `/field-reports/${r.id}`;
    case 'bill': return viewer.isSuperAdmin ? `/accounting/bills/${r.id}` : null;
    case 'payment': case 'credit_note': return viewer.isSuperAdmin && r.billId ? `/accounting/bills/${r.billId}` : null;
    case 'user': return '/settings/users';
    case 'rate_code': return '/rate-codes';
    case 'attorney': return '/attorneys';
  }
}
