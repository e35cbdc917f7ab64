import { z } from 'zod';
import {
  ATTACHMENT_KINDS, FIELD_REPORT_MESSAGES, fieldLabel, PARTY_FIELDS, REPORT_FIELDS, REPORT_TYPES, type PartyKey, type ReportTextPath,
} from '../field-reports/field-reports.ts';
import { toPath } from '../field-reports/field-paths.ts';
import { ZAnnotations } from './annotations.ts';
import { tooLongMessage } from '../limits.ts';
import { ZImageDataUrl } from './firm-profile.ts';
import { ZProjectHit } from './projects.ts';
import { OFFLINE_PROJECTS_LIMIT } from '../constants.ts';

// Field inspection reports (SPEC §3 Field report). Dates are YYYY-MM-DD.

const flag = z.boolean().default(false);
const test = z.object({ completed: flag, required: flag }).default({ completed: false, required: false });
const isoOrEmpty = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format')]).default('');

/** Text within its limit (REPORT_FIELDS), refused past it with the field's name and the limit. */
const limited = (label: (path: readonly PropertyKey[]) => string, max: number) =>
  z.string().max(max, { error: (issue) => tooLongMessage(label(issue.path ?? []), String(issue.input).length, max) }).default('');
const text = (path: ReportTextPath) => limited(() => REPORT_FIELDS[path].label, REPORT_FIELDS[path].max);
const partyText = (key: PartyKey) =>
  limited((at) => fieldLabel(toPath(['content', 'presentParties', at.find((s) => typeof s === 'number') ?? 0, key])), PARTY_FIELDS[key].max);

/**
 * Everything but the columns: kept as one JSON document. `checked` applies the text limits; a save
 * is read without them and checked field by field, so one long field refuses only itself (066).
 */
function contentSchema(checked: boolean) {
  const field = (path: ReportTextPath) => (checked ? text(path) : z.string().default(''));
  const party = (key: PartyKey) => (checked ? partyText(key) : z.string().default(''));
  const parties = z.array(z.object({ name: party('name'), role: party('role'), company: party('company') }));
  return z.object({
    projectName: field('/content/projectName'),
    projectNumber: field('/content/projectNumber'),
    buildingOwner: field('/content/buildingOwner'),
    propertyAddress: field('/content/propertyAddress'),
    presentParties: parties.max(checked ? REPORT_FIELDS['/content/presentParties'].maxItems : Infinity, FIELD_REPORT_MESSAGES.tooManyParties)
      .default([]),
    inspectionPurpose: field('/content/inspectionPurpose'),
    causeOfLoss: field('/content/causeOfLoss'),
    areasInvolved: field('/content/areasInvolved'),
    damageSummary: field('/content/damageSummary'),
    temporaryMeasures: z.object({ started: flag, commence: field('/content/temporaryMeasures/commence') })
      .default({ started: false, commence: '' }),
    emergency: z.object({ emsRequired: flag, emsFloors: flag, emsWalls: flag, emsCeilings: flag })
      .default({ emsRequired: false, emsFloors: false, emsWalls: false, emsCeilings: false }),
    testing: z.object({ acm: test, lead: test, water: test, materials: test }).default({
      acm: { completed: false, required: false }, lead: { completed: false, required: false },
      water: { completed: false, required: false }, materials: { completed: false, required: false },
    }),
    habitability: z.object({ isHabitable: z.boolean().nullable().default(null), notes: field('/content/habitability/notes') })
      .default({ isHabitable: null, notes: '' }),
    timeline: z.object({ estimated: field('/content/timeline/estimated'), returnOn: isoOrEmpty, followUpWith: field('/content/timeline/followUpWith') })
      .default({ estimated: '', returnOn: '', followUpWith: '' }),
    notes: field('/content/notes'),
  });
}

/** The stored document: every text within its limit. */
export const ZFieldReportContent = contentSchema(true);
export type TFieldReportContent = z.output<typeof ZFieldReportContent>;

export const ZReportType = z.enum(REPORT_TYPES, { error: 'Please choose a report type' });
const NUMBER_MAX = REPORT_FIELDS['/reportNumber'].max;
export const ZReportNumber = z.string().trim().min(1, 'Report number is required')
  .max(NUMBER_MAX, { error: (issue) => tooLongMessage(REPORT_FIELDS['/reportNumber'].label, String(issue.input).length, NUMBER_MAX) })
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots and dashes only');
const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format');

/** One field a save refused: its path (src/core/field-reports/field-paths.ts), its label and why. */
export const ZFieldProblem = z.object({ path: z.string(), label: z.string(), message: z.string() });
export type TFieldProblem = z.infer<typeof ZFieldProblem>;

/** A photo, diagram or reading attached to a report (docs/decisions/063). */
export const ZReportImage = z.object({
  id: z.string(), caption: z.string(), position: z.number().int(), width: z.number().int(), height: z.number().int(),
  /** Drawn over the image, never into it (docs/decisions/104); saved with their own version. */
  annotations: ZAnnotations, annotationsVersion: z.number().int(),
  /** When and where the original's EXIF says it was taken (docs/decisions/103); null when it does not say. */
  capturedAt: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The file as picked, kept unchanged as the evidence copy; null for images uploaded before it was kept. */
  original: z.object({ sha256: z.string(), name: z.string(), size: z.number().int(), type: z.string() }).nullable(),
});
export type TReportImage = z.infer<typeof ZReportImage>;

export const ZFieldReport = z.object({
  id: z.string(),
  projectId: z.string(),
  projectLabel: z.string(),
  reportType: ZReportType,
  reportNumber: z.string(),
  revision: z.number().int(),
  /** reportNumber with -R1, -R2 for revisions. */
  displayNumber: z.string(),
  date: z.string(),
  inspectorId: z.string().nullable(),
  inspectorName: z.string(),
  content: ZFieldReportContent,
  status: z.enum(['draft', 'certified', 'superseded']),
  certifiedAt: z.string().nullable(),
  certifiedByName: z.string(),
  /** The second engineer's sign-off (docs/decisions/142); `current` while the report is as they read it. */
  review: z.object({ byId: z.string(), byName: z.string(), at: z.string(), current: z.boolean() }).nullable(),
  diagrams: z.array(ZReportImage),
  readings: z.array(ZReportImage),
  photos: z.array(ZReportImage),
  /** Other revisions of the same report, oldest first. */
  revisions: z.array(z.object({ id: z.string(), displayNumber: z.string(), status: z.string() })),
  fileName: z.string(),
  version: z.number().int(),
});
export type TFieldReport = z.infer<typeof ZFieldReport>;

export const ZFieldReportListItem = z.object({
  id: z.string(),
  projectId: z.string(),
  projectLabel: z.string(),
  displayNumber: z.string(),
  reportType: z.string(),
  date: z.string(),
  inspectorName: z.string(),
  status: z.enum(['draft', 'certified', 'superseded']),
  photoCount: z.number().int(),
});
export type TFieldReportListItem = z.infer<typeof ZFieldReportListItem>;
export const ZFieldReportList = z.object({ reports: z.array(ZFieldReportListItem) });

export const ZFieldReportListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  projectId: z.uuid().optional(),
});

export const ZFieldReportCreate = z.object({
  /** Made by the browser: a retried create never makes two reports. */
  id: z.uuid(),
  projectId: z.uuid({ error: 'Please select a project' }),
  reportType: ZReportType,
  /** Today in the browser's calendar when it opened the form. */
  date: ZIsoDate,
});
export type TFieldReportCreate = z.input<typeof ZFieldReportCreate>;

/**
 * A save: the whole form with the version it edits. Text limits, the report number's form and the
 * dates' window are checked per field by the server (fieldReportSave in src/core/field-reports/field-report-save.ts):
 * a refused field keeps its stored value and the others are saved (docs/decisions/066).
 */
export const ZFieldReportUpdate = z.object({
  projectId: z.uuid({ error: 'Please select a project' }),
  reportType: ZReportType,
  reportNumber: z.string(),
  date: z.string(),
  inspectorId: z.uuid().nullable(),
  content: contentSchema(false),
  version: z.number().int().positive(),
});
/** The fields of a report's form (a save without its version). */
export type TFieldReportFields = Omit<z.output<typeof ZFieldReportUpdate>, 'version' | 'content'> & { content: TFieldReportContent };


/** What a report copies from a project when it is picked, and the project's next free number. */
export const ZProjectFacts = z.object({
  projectName: z.string(), projectNumber: z.string(), buildingOwner: z.string(), propertyAddress: z.string(), nextNumber: z.string(),
});
export type TProjectFacts = z.infer<typeof ZProjectFacts>;
export const ZProjectFactsQuery = z.object({ projectId: z.uuid() });

/**
 * The projects a device keeps for a report created offline (docs/decisions/108): the person's own
 * recent projects first, then the most recently changed open ones; each with the facts a new report copies.
 */
export const ZOfflineProject = ZProjectHit.extend({ facts: ZProjectFacts.omit({ nextNumber: true }) });
export type TOfflineProject = z.infer<typeof ZOfflineProject>;
export const ZOfflineProjects = z.object({ projects: z.array(ZOfflineProject).max(OFFLINE_PROJECTS_LIMIT) });
export type TOfflineProjects = z.infer<typeof ZOfflineProjects>;

export const ZCertifyBody = z.object({
  /** A signature drawn on the screen; without it the user's stored signature is used. */
  drawnSignature: ZImageDataUrl.optional(),
  version: z.number().int().positive(),
  /** Certified offline after these queued changes: the version they leave is certified (docs/decisions/102). */
  afterChanges: z.array(z.uuid()).max(1000).optional(),
});

/** A second engineer's sign-off of the version they read, with a drawn or their stored signature. */
export const ZReviewBody = ZCertifyBody.pick({ drawnSignature: true, version: true });

/** The firm's rule for field reports (Settings → Field reports, docs/decisions/142). */
export const ZFieldReportSettings = z.object({ requireReview: z.boolean(), version: z.number().int().positive() });
export type TFieldReportSettings = z.infer<typeof ZFieldReportSettings>;

/** One field's change from the offline queue (docs/decisions/102): applied once, only over its base. */
export const ZFieldChange = z.object({
  changeId: z.uuid(),
  path: z.string().min(1).max(200),
  value: z.unknown(),
  /** The value the edit started from (the field as the server last answered it). */
  base: z.unknown(),
});

export const ZImageUpdate = z.object({ caption: z.string().max(500) });
export const ZImageOrder = z.object({ imageIds: z.array(z.uuid()).max(500) });
export const ZReportIdParams = z.object({ id: z.uuid() });
export const ZKindParams = z.object({ id: z.uuid(), kind: z.enum(ATTACHMENT_KINDS) });
export const ZImageParams = ZKindParams.extend({ imageId: z.uuid() });
/**
 * The annotations of one image as the editor leaves them, with the version it edited: a stale
 * version is refused (409, the image as it is in `details.current`) unless the same annotations
 * are already stored (a save sent again answers as the first did).
 */
export const ZAnnotationsSave = z.object({ annotations: ZAnnotations, version: z.number().int().min(0) });
export type TAnnotationsSave = z.input<typeof ZAnnotationsSave>;
/** What every change to a report's images answers: that kind's list, in order. */
export const ZImageList = z.object({ images: z.array(ZReportImage) });
