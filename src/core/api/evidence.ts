import { z } from 'zod';
import { MOVEMENT_KINDS } from '../evidence/evidence.ts';
import { ZText } from './common.ts';

// HTTP contract of evidence custody (issue 42, docs/decisions/140). Each refusal names its field.

const ZRequired = (label: string, max: number) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const ZMoment = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });
/** A signature drawn on the screen: a PNG or JPEG data URL. */
const ZDrawnSignature = z.string({ error: 'Please sign on the screen to record this entry.' })
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Please sign on the screen to record this entry.').max(2_000_000, 'The signature is too large');

export const ZEvidenceIdParams = z.object({ id: z.guid() });
export const ZEntryParams = z.object({ id: z.guid(), entryId: z.guid() });
export const ZCaseEvidenceParams = z.object({ caseId: z.guid() });
export const ZTestParams = z.object({ testId: z.guid() });
export const ZPhotoParams = z.object({ id: z.guid(), photoId: z.guid() });

/** Collecting an item (PUT with the item's client-made id: a retry never makes a second). */
export const ZCollectItem = z.object({
  caseId: z.guid({ error: 'Case is required' }),
  description: ZRequired('Description', 2000),
  category: ZText(100).default(''),
  quantity: z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100000).default(1),
  condition: ZText(2000).default(''),
  collectedAt: ZMoment('Collected at'),
  collectedPlace: ZText(500).default(''),
  location: ZText(500).default(''),
  /** Who holds it after collection (the collector when blank). */
  custodian: ZText(200).default(''),
  entryId: z.guid({ error: 'Entry id is required' }),
  signature: ZDrawnSignature,
  /** A result or remaining portion of a destructive test on another item. */
  derivedFrom: z.object({ testId: z.guid(), derivation: z.enum(['result', 'remaining']) }).nullable().default(null),
});
export type TCollectItem = z.output<typeof ZCollectItem>;

/** A custody entry (PUT with the entry's client-made id). */
export const ZEntryInput = z.object({
  kind: z.enum([...MOVEMENT_KINDS, 'correction'], { error: 'Kind must be received, released, moved, to_lab, from_lab or correction' }),
  at: ZMoment('Date and time'),
  from: ZText(200).default(''),
  to: ZText(200).default(''),
  location: ZText(500).default(''),
  purpose: ZText(2000).default(''),
  correctsId: z.guid().nullable().default(null),
  signedByName: ZRequired('Signed by', 200),
  signature: ZDrawnSignature,
}).refine((e) => e.kind !== 'correction' || e.correctsId, { message: 'A correction names the entry it corrects', path: ['correctsId'] })
  .refine((e) => e.kind === 'correction' || e.kind === 'moved' || e.to, { message: 'To is required', path: ['to'] })
  .refine((e) => e.kind !== 'moved' || e.location, { message: 'Location is required', path: ['location'] });
export type TEntryInput = z.output<typeof ZEntryInput>;

export const ZPickPhoto = z.object({ fieldReportImageId: z.guid({ error: 'Pick a photo from a field report' }) });

export const ZEvidencePhoto = z.object({ id: z.string(), sha256: z.string(), source: z.enum(['taken', 'field_report']), entryId: z.string(), width: z.number(), height: z.number() });

export const ZCustodyEntry = z.object({
  id: z.string(), seq: z.number(), kind: z.string(), at: z.string(), from: z.string(), to: z.string(), location: z.string(),
  purpose: z.string(), correctsId: z.string().nullable(), signedByName: z.string(), hasSignature: z.boolean(), signatureSha256: z.string().nullable(),
  photoSha256s: z.array(z.string()), recordedByName: z.string(), recordedAt: z.string(), prevHash: z.string().nullable(), hash: z.string(),
});
export type TCustodyEntry = z.infer<typeof ZCustodyEntry>;

export const ZNotice = z.object({
  id: z.string(), partyId: z.string().nullable(), partyName: z.string(), partyRole: z.string(), method: z.string().nullable(),
  address: z.string().nullable(), toldAt: z.string().nullable(), waivedAt: z.string().nullable(), waiverDocumentId: z.string().nullable(),
});
export const ZEvidenceTest = z.object({
  id: z.string(), itemId: z.string(), what: z.string(), place: z.string(), plannedFor: z.string(), performedBy: z.string(),
  noticeDays: z.number(), startedAt: z.string().nullable(), createdAt: z.string(), notices: z.array(ZNotice),
});
export type TEvidenceTest = z.infer<typeof ZEvidenceTest>;

export const ZEvidenceSummary = z.object({
  id: z.string(), caseId: z.string(), tag: z.string(), tagNumber: z.number(), description: z.string(), category: z.string(), quantity: z.number(),
  condition: z.string(), collectedAt: z.string(), collectedPlace: z.string(), collectedByName: z.string(), location: z.string(), custodian: z.string(),
  status: z.enum(['open', 'returned', 'disposed']), parentId: z.string().nullable(), derivation: z.string().nullable(), version: z.number(),
});
export type TEvidenceSummary = z.infer<typeof ZEvidenceSummary>;

export const ZEvidenceItem = ZEvidenceSummary.extend({
  caseFileNumber: z.string(), caseName: z.string(),
  authorization: z.object({ by: z.string(), at: z.string(), documentId: z.string() }).nullable(),
  entries: z.array(ZCustodyEntry), photos: z.array(ZEvidencePhoto), tests: z.array(ZEvidenceTest),
  /** Results and remaining portions of this item's destructive tests, and (on one of those) the item it came from. */
  derived: z.array(ZEvidenceSummary), parent: z.object({ id: z.string(), tag: z.string(), description: z.string() }).nullable(),
});
export type TEvidenceItem = z.infer<typeof ZEvidenceItem>;

export const ZCaseEvidence = z.object({ items: z.array(ZEvidenceSummary), noticeDays: z.number() });
/** How many of a case's items its page keeps on the device for offline use (the most recent tags first past that). */
export const OFFLINE_ITEMS_LIMIT = 300;
export const ZCaseItems = z.object({ items: z.array(ZEvidenceItem).max(OFFLINE_ITEMS_LIMIT) });
export type TCaseEvidence = z.infer<typeof ZCaseEvidence>;

export const ZChainVerdict = z.object({
  ok: z.boolean(), checked: z.number(), text: z.string(),
  firstBad: z.object({ index: z.number(), label: z.string(), reason: z.string(), entryId: z.string().nullable() }).nullable(),
});
export type TChainVerdict = z.infer<typeof ZChainVerdict>;

export const ZPlanTest = z.object({
  testId: z.guid({ error: 'Test id is required' }),
  what: ZRequired('What', 2000),
  place: ZRequired('Where', 500),
  plannedFor: ZMoment('When'),
  performedBy: ZRequired('By whom', 200),
});
export const ZRecordNotice = z.object({
  partyId: z.guid(),
  method: z.enum(['email', 'letter', 'hand', 'phone', 'fax', 'other'], { error: 'How they were told must be e-mail, letter, hand, phone, fax or other' }),
  address: ZText(500).default(''),
  toldAt: ZMoment('Told at'),
});
export const ZRecordWaiver = z.object({ partyId: z.guid(), documentId: z.guid({ error: 'Attach the written waiver' }) });
export const ZStartTest = z.object({ entryId: z.guid(), at: ZMoment('Started at'), signedByName: ZRequired('Signed by', 200), signature: ZDrawnSignature });

export const ZCloseItem = z.object({
  entryId: z.guid(),
  kind: z.enum(['returned', 'disposed'], { error: 'Choose returned or disposed' }),
  at: ZMoment('Date and time'),
  to: ZText(200).default(''),
  purpose: ZText(2000).default(''),
  authorizedBy: ZRequired('Authorized by', 200),
  authorizedAt: ZMoment('Authorized on'),
  documentId: z.guid({ error: 'Attach the authorization document' }),
  signedByName: ZRequired('Signed by', 200),
  signature: ZDrawnSignature,
});

export const ZNoticeDays = z.object({ noticeDays: z.number().int('Notice period must be whole days').min(0).max(365, 'Notice period is at most 365 days') });
export const ZEvidenceDocument = z.object({ id: z.string(), fileName: z.string(), sha256: z.string() });
export const ZLabelsQuery = z.object({ ids: z.string().optional(), format: z.enum(['5160', '2x4']).default('5160') });
export const ZFieldReportPhotos = z.object({ photos: z.array(z.object({ id: z.string(), reportId: z.string(), reportNumber: z.string(), caption: z.string(), sha256: z.string().nullable() })) });
export type TFieldReportPhotos = z.infer<typeof ZFieldReportPhotos>;
