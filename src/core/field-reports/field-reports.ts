import { formatUsDate, parseSmartDate } from '../smart-date.ts';

// Field inspection reports (SPEC §3 Field report, §9 field report PDF; docs/decisions/062).

export const REPORT_TYPES = [
  'Initial Inspection', 'Follow-up Inspection', 'Re-Inspection', 'Final Inspection',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const TESTS = [
  { key: 'acm', label: 'ACM' },
  { key: 'lead', label: 'Lead' },
  { key: 'water', label: 'Water' },
  { key: 'materials', label: 'Materials' },
] as const;

/**
 * What can be attached to a report, in the PDF checklist's order (SPEC §9: Diagrams, Readings,
 * Photos). Each is a list of captioned images, uploaded and ordered the same way; `kind` is the
 * stored value, the key is the API's name (URL segment and list). docs/decisions/063.
 */
export const ATTACHMENT_KINDS = ['diagrams', 'readings', 'photos'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export const ATTACHMENTS = {
  // A diagram (floor plan, sketch) gets a page of its own so that its lines and labels can be read.
  diagrams: { title: 'Diagrams', one: 'Diagram', kind: 'diagram', perPage: 1 },
  readings: { title: 'Readings', one: 'Reading', kind: 'reading', perPage: 2 },
  photos: { title: 'Photos', one: 'Photo', kind: 'photo', perPage: 2 },
} as const satisfies Record<AttachmentKind, { title: string; one: string; kind: string; perPage: number }>;

/** The PDF's section titles, in the spec's order. */
export const SECTION_TITLES = [
  'Project Information', 'Present Parties', 'Findings', 'Urgent Measures', 'Testing',
  'Habitability and Timeline', 'Field Notes', 'Attachments', 'Certification', 'Conditions',
] as const;

export const CERTIFICATION_TEXT =
  'I certify that I personally inspected the property on the date shown and that this report states the ' +
  'conditions I observed, to the best of my knowledge.';

export const CONDITIONS_TEXT =
  'This report describes the conditions visible and accessible at the time of the inspection. It is not a ' +
  'warranty of the property or of any system in it. Concealed conditions (inside walls, under floors, above ' +
  'ceilings) and areas that could not be reached were not inspected. Test results, where tests were required, ' +
  'are reported separately by the testing laboratory. Opinions stated here may change if further information ' +
  'becomes available. This report was prepared for the client named above and may not be relied on by others ' +
  'without written consent.';

/**
 * Every field of a report's form by its path (src/core/field-reports/field-paths.ts): the label the screen shows
 * and, for text, the most characters it may hold. The one list of limits: the zod schema refuses
 * past them, the editor counts towards them, messages name them (docs/decisions/066).
 */
export const REPORT_FIELDS = {
  '/reportType': { label: 'Report type' },
  '/reportNumber': { label: 'Report number', max: 40 },
  '/date': { label: 'Date' },
  '/projectId': { label: 'Project' },
  '/inspectorId': { label: 'Inspector' },
  '/content/projectName': { label: 'Project name', max: 500 },
  '/content/projectNumber': { label: 'Project number', max: 200 },
  '/content/buildingOwner': { label: 'Building owner', max: 500 },
  '/content/propertyAddress': { label: 'Property address', max: 1000 },
  '/content/presentParties': { label: 'Present parties', maxItems: 50 },
  '/content/inspectionPurpose': { label: 'Inspection purpose', max: 10_000 },
  '/content/causeOfLoss': { label: 'Cause of loss', max: 10_000 },
  '/content/areasInvolved': { label: 'Areas involved', max: 10_000 },
  '/content/damageSummary': { label: 'Damage summary', max: 10_000 },
  '/content/temporaryMeasures/started': { label: 'Temporary measures started' },
  '/content/temporaryMeasures/commence': { label: 'Temporary measures to commence', max: 500 },
  '/content/emergency/emsRequired': { label: 'Emergency services required' },
  '/content/emergency/emsFloors': { label: 'Emergency services: floors' },
  '/content/emergency/emsWalls': { label: 'Emergency services: walls' },
  '/content/emergency/emsCeilings': { label: 'Emergency services: ceilings' },
  '/content/testing/acm/required': { label: 'ACM required' },
  '/content/testing/acm/completed': { label: 'ACM completed' },
  '/content/testing/lead/required': { label: 'Lead required' },
  '/content/testing/lead/completed': { label: 'Lead completed' },
  '/content/testing/water/required': { label: 'Water required' },
  '/content/testing/water/completed': { label: 'Water completed' },
  '/content/testing/materials/required': { label: 'Materials required' },
  '/content/testing/materials/completed': { label: 'Materials completed' },
  '/content/habitability/isHabitable': { label: 'Habitable' },
  '/content/habitability/notes': { label: 'Habitability notes', max: 5000 },
  '/content/timeline/estimated': { label: 'Estimated timeline', max: 500 },
  '/content/timeline/returnOn': { label: 'Return on' },
  '/content/timeline/followUpWith': { label: 'Follow up with', max: 500 },
  '/content/notes': { label: 'Field notes', max: 50_000 },
} as const satisfies Record<string, { label: string; max?: number; maxItems?: number }>;
export type ReportFieldPath = keyof typeof REPORT_FIELDS;
export type ReportTextPath = { [P in ReportFieldPath]: (typeof REPORT_FIELDS)[P] extends { max: number } ? P : never }[ReportFieldPath];

/** Each present party's name, role and company: the label under 'Party n' and the limit. */
export const PARTY_FIELDS = {
  name: { label: 'Name', max: 200 },
  role: { label: 'Role', max: 200 },
  company: { label: 'Company', max: 200 },
} as const;
export type PartyKey = keyof typeof PARTY_FIELDS;

const PARTY_PATH = /^\/content\/presentParties\/(\d+)\/(name|role|company)$/;

/** A field's label and limit by its path; party fields read 'Party 2 name'. Undefined if unknown. */
export function reportField(path: string): { label: string; max?: number } | undefined {
  const party = PARTY_PATH.exec(path);
  if (party) {
    const field = PARTY_FIELDS[party[2] as PartyKey];
    return { label: `Party ${Number(party[1]) + 1} ${field.label.toLowerCase()}`, max: field.max };
  }
  return (REPORT_FIELDS as Record<string, { label: string; max?: number }>)[path];
}

export const fieldLabel = (path: string): string => reportField(path)?.label ?? path;

export const FIELD_REPORT_MESSAGES = {
  numberTaken: (n: string) => `Report number ${n} is already used on this project. Please choose another number.`,
  certified: 'This report is certified and cannot be changed. Start a new revision to make changes.',
  notDraft: 'Only the latest revision of a report can be revised.',
  noSignature: 'Please draw your signature or upload one in Settings before certifying.',
  projectMissing: 'The project was not found. It may have been deleted.',
  tooManyParties: `At most ${REPORT_FIELDS['/content/presentParties'].maxItems} present parties can be listed.`,
  /** A certification queued offline after changes that were not all saved (docs/decisions/102). */
  certifyWaits: 'The report was not certified: some of your changes were not saved. Settle them, then certify again.',
  /** A save that stored every field but these (docs/decisions/066). */
  partlySaved: (labels: readonly string[]) =>
    `${listText(labels)} ${labels.length === 1 ? 'was' : 'were'} not saved; everything else was saved.`,
} as const;

/** 'A', 'A and B', 'A, B and C'. */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The next number for a project: one more than the highest number used, three digits at least. */
export function nextReportNumber(existing: readonly string[]): string {
  const highest = existing.reduce((max, n) => {
    const digits = /^\D*(\d+)\D*$/.exec(n.trim())?.[1];
    return digits ? Math.max(max, Number(digits)) : max;
  }, 0);
  return String(highest + 1).padStart(3, '0');
}

/** 003, then 003-R1, 003-R2 for later revisions. */
export const displayNumber = (reportNumber: string, revision: number): string =>
  revision > 0 ? `${reportNumber}-R${revision}` : reportNumber;

/** A field-report date problem (empty, impossible, or outside the 10-year window), or null. */
export function reportDateProblem(iso: string, today: Date): string | null {
  const shown = formatUsDate(iso);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !shown) return iso ? 'Invalid date format' : 'Date is required';
  const parsed = parseSmartDate(shown, today);
  return parsed.ok ? null : parsed.error;
}
