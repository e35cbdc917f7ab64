import { z } from 'zod';
import { ATTACHMENT_KINDS, REPORT_TYPES } from '../field-reports.ts';
import { ZImageDataUrl } from './firm-profile.ts';

// Field inspection reports (SPEC §3 Field report). Dates are YYYY-MM-DD.

const text = (max = 10_000) => z.string().max(max).default('');
const flag = z.boolean().default(false);
const test = z.object({ completed: flag, required: flag }).default({ completed: false, required: false });
const isoOrEmpty = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format')]).default('');

export const ZPresentParty = z.object({ name: text(200), role: text(200), company: text(200) });
export type TPresentParty = z.infer<typeof ZPresentParty>;

/** Everything but the columns: kept as one JSON document, checked here on every save. */
export const ZFieldReportContent = z.object({
  projectName: text(500),
  projectNumber: text(200),
  buildingOwner: text(500),
  propertyAddress: text(1000),
  presentParties: z.array(ZPresentParty).max(50).default([]),
  inspectionPurpose: text(),
  causeOfLoss: text(),
  areasInvolved: text(),
  damageSummary: text(),
  temporaryMeasures: z.object({ started: flag, commence: text(500) }).default({ started: false, commence: '' }),
  emergency: z.object({ emsRequired: flag, emsFloors: flag, emsWalls: flag, emsCeilings: flag })
    .default({ emsRequired: false, emsFloors: false, emsWalls: false, emsCeilings: false }),
  testing: z.object({ acm: test, lead: test, water: test, materials: test }).default({
    acm: { completed: false, required: false }, lead: { completed: false, required: false },
    water: { completed: false, required: false }, materials: { completed: false, required: false },
  }),
  habitability: z.object({ isHabitable: z.boolean().nullable().default(null), notes: text(5000) })
    .default({ isHabitable: null, notes: '' }),
  timeline: z.object({ estimated: text(500), returnOn: isoOrEmpty, followUpWith: text(500) })
    .default({ estimated: '', returnOn: '', followUpWith: '' }),
  notes: text(50_000),
});
export type TFieldReportContent = z.output<typeof ZFieldReportContent>;

export const ZReportType = z.enum(REPORT_TYPES, { error: 'Please choose a report type' });
const ZReportNumber = z.string().trim().min(1, 'Report number is required').max(40)
  .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots and dashes only');
const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format');

/** A photo, diagram or reading attached to a report (docs/decisions/063). */
export const ZReportImage = z.object({
  id: z.string(), caption: z.string(), position: z.number().int(), width: z.number().int(), height: z.number().int(),
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

export const ZFieldReportUpdate = z.object({
  projectId: z.uuid({ error: 'Please select a project' }),
  reportType: ZReportType,
  reportNumber: ZReportNumber,
  date: ZIsoDate,
  inspectorId: z.uuid().nullable(),
  content: ZFieldReportContent,
  version: z.number().int().positive(),
});
export type TFieldReportUpdate = z.input<typeof ZFieldReportUpdate>;

/** What a report copies from a project when it is picked, and the project's next free number. */
export const ZProjectFacts = z.object({
  projectName: z.string(), projectNumber: z.string(), buildingOwner: z.string(), propertyAddress: z.string(), nextNumber: z.string(),
});
export type TProjectFacts = z.infer<typeof ZProjectFacts>;
export const ZProjectFactsQuery = z.object({ projectId: z.uuid() });

export const ZCertifyBody = z.object({
  /** A signature drawn on the screen; without it the user's stored signature is used. */
  drawnSignature: ZImageDataUrl.optional(),
  version: z.number().int().positive(),
});

export const ZImageUpdate = z.object({ caption: z.string().max(500) });
export const ZImageOrder = z.object({ imageIds: z.array(z.uuid()).max(500) });
export const ZReportIdParams = z.object({ id: z.uuid() });
export const ZKindParams = z.object({ id: z.uuid(), kind: z.enum(ATTACHMENT_KINDS) });
export const ZImageParams = ZKindParams.extend({ imageId: z.uuid() });
/** What every change to a report's images answers: that kind's list, in order. */
export const ZImageList = z.object({ images: z.array(ZReportImage) });
