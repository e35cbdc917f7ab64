import { z } from 'zod';
import { MAX_TERMS_DAYS } from '../billing/billing.ts';
import { CASE_LIMITS, CLIENT_LIMITS, PROJECT_LIMITS } from '../limits.ts';
import { ZAddress } from './address.ts';
import { ZText } from './common.ts';
import { ZCaseFacts, ZPartyInput, ZRetainedSide } from './parties.ts';

// HTTP contract of clients, cases and projects (issue 3, docs/decisions/010).

const text = ZText;
const optionalText = (max: number) => text(max).nullable().optional().transform((v) => (v ? v : null));

export const ZIdParams = z.object({ id: z.guid() });

// The one address shape (SPEC §3 Address object), shared with the address component.
export const ZAddressObject = ZAddress;
export type TAddressObject = z.infer<typeof ZAddress>;

// Clients ---------------------------------------------------------------------------

const ZClientFields = z.object({
  isBusinessClient: z.boolean(),
  name: text(CLIENT_LIMITS.name).min(1, 'Client name is required'),
  contactName: optionalText(CLIENT_LIMITS.contactName),
  lastName: optionalText(CLIENT_LIMITS.lastName),
  email: z.union([z.literal(''), z.email('Please enter a valid e-mail address').max(CLIENT_LIMITS.email)]).nullable().optional()
    .transform((v) => (v ? v : null)),
  phone: optionalText(CLIENT_LIMITS.phone),
});

/** Terms in whole days: 0 (due on receipt) to 365. */
export const TERMS_DAYS_MESSAGE = `Terms must be a whole number of days from 0 to ${MAX_TERMS_DAYS}`;
/**
 * Billing details (issue 24): who bills are addressed to, their terms (Net 30 unless set) and the
 * client's id in LEDES files. Not money, so every role that reads clients reads them. Optional on
 * every write: a form that does not show them leaves the stored values as they are.
 */
export const ZClientBilling = z.object({
  billToName: text(CLIENT_LIMITS.billToName),
  billingAddress: text(CLIENT_LIMITS.billingAddress),
  termsDays: z.number({ error: TERMS_DAYS_MESSAGE }).int(TERMS_DAYS_MESSAGE).min(0, TERMS_DAYS_MESSAGE).max(MAX_TERMS_DAYS, TERMS_DAYS_MESSAGE),
  ledesClientId: text(CLIENT_LIMITS.ledesClientId),
}).partial();

export const ZClientInput = ZClientFields.extend(ZClientBilling.shape);
// PUT replaces the record: every field must be sent, so a missing key never clears a value
// (the billing details, added later, stay optional and are kept when left out).
export const ZClientUpdate = ZClientFields.required().extend(ZClientBilling.shape).extend({ version: z.number().int() });

export const ZClient = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isBusinessClient: z.boolean(),
  completionPercentage: z.number().int(),
  billToName: z.string(),
  billingAddress: z.string(),
  termsDays: z.number().int(),
  ledesClientId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TClient = z.infer<typeof ZClient>;

export const ZCaseRef = z.object({ id: z.string(), fileNumber: z.string(), caseName: z.string() });
export const ZClientListItem = ZClient.extend({ cases: z.array(ZCaseRef) });
export type TClientListItem = z.infer<typeof ZClientListItem>;

export const ZClientListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZClientList = z.object({ clients: z.array(ZClientListItem), total: z.number().int() });
export type TClientList = z.infer<typeof ZClientList>;

// Shorter than 2 characters answers an empty list, as the case search does (SPEC §7).
export const ZClientSearchQuery = z.object({ q: z.string().trim().max(200) });
export const ZClientSearch = z.object({ clients: z.array(ZClientListItem) });
export type TClientSearch = z.infer<typeof ZClientSearch>;

export const ZDraft = ZClient.extend({
  resumePhase: z.enum(['client', 'case', 'project', 'review']),
  caseFileNumber: z.string().nullable(),
});
export type TDraft = z.infer<typeof ZDraft>;
export const ZDraftList = z.object({ drafts: z.array(ZDraft) });

// Projects --------------------------------------------------------------------------

export const ZProjectInput = z.object({
  projectNumber: text(PROJECT_LIMITS.projectNumber).min(1, 'Project number is required'),
  projectName: text(PROJECT_LIMITS.projectName).default(''),
  address: ZAddressObject.nullable().default(null),
  projectType: optionalText(PROJECT_LIMITS.projectType),
  buildingType: optionalText(PROJECT_LIMITS.buildingType),
  status: z.enum(['active', 'on_hold', 'closed']).default('active'),
  isPrimaryProject: z.boolean().default(false),
});
export const ZProjectCreate = ZProjectInput.extend({ caseId: z.guid() });
export const ZProjectUpdate = ZProjectInput.required().extend({ version: z.number().int() });

export const ZProject = z.object({
  id: z.string(),
  caseId: z.string(),
  projectNumber: z.string(),
  projectName: z.string(),
  /** projectName, or 'Unnamed Project' when empty. */
  displayName: z.string(),
  propertyAddress: z.string().nullable(),
  propertyCityStateZip: z.string().nullable(),
  address: ZAddressObject.nullable(),
  projectType: z.string().nullable(),
  buildingType: z.string().nullable(),
  status: z.enum(['active', 'on_hold', 'closed']),
  isPrimaryProject: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TProject = z.infer<typeof ZProject>;

// Cases -----------------------------------------------------------------------------

const ZCaseFields = z.object({
  fileNumber: text(CASE_LIMITS.fileNumber).min(1, 'File number is required'),
  caseName: text(CASE_LIMITS.caseName).default(''),
  attorneyId: z.guid().nullable().default(null),
  rateCodeId: z.guid().nullable().default(null),
});
/** The client's matter id for the firm (LEDES CLIENT_MATTER_ID, issue 24); kept when left out. */
const ZCaseBilling = z.object({ clientMatterId: text(CASE_LIMITS.clientMatterId).optional() });
export const ZCaseInput = ZCaseFields.extend(ZCaseBilling.shape).extend(ZCaseFacts.shape);
/**
 * A new case may bring its parties and the intake conflict check run for it (issue 39): the check
 * becomes the case's. A case opened here needs a cleared check before its bills issue.
 */
export const ZCaseCreate = ZCaseInput.extend({
  clientId: z.guid(),
  parties: z.array(ZPartyInput).max(50).default([]),
  conflictCheckId: z.guid().nullable().default(null),
});
export const ZCaseUpdate = ZCaseFields.required().extend(ZCaseBilling.shape).extend(ZCaseFacts.shape).extend({ version: z.number().int() });

export const ZClientSummary = z.object({
  id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  isBusinessClient: z.boolean(),
  completionPercentage: z.number().int(),
});

export const ZCaseListItem = z.object({
  id: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  clientMatterId: z.string(),
  attorneyId: z.string().nullable(),
  attorneyName: z.string().nullable(),
  lawFirmName: z.string().nullable(),
  rateCode: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable(),
  client: ZClientSummary,
  /** SPEC §3: primary project's 'address, city state zip', else the first project's. */
  address: z.string(),
  projectCount: z.number().int(),
  /** The facts a conflict check reads (issue 39). */
  retainedSide: ZRetainedSide.nullable(),
  claimNumber: z.string().nullable(),
  policyNumber: z.string().nullable(),
  dateOfLoss: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TCaseListItem = z.infer<typeof ZCaseListItem>;
export const ZCaseDetail = ZCaseListItem.extend({ projects: z.array(ZProject) });
export type TCaseDetail = z.infer<typeof ZCaseDetail>;

export const ZCaseListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  clientId: z.guid().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZCaseList = z.object({ cases: z.array(ZCaseListItem) });
export type TCaseList = z.infer<typeof ZCaseList>;

export const ZProjectDetail = ZProject.extend({
  case: ZCaseRef.extend({ attorneyName: z.string().nullable() }),
  client: ZClientSummary,
});
export type TProjectDetail = z.infer<typeof ZProjectDetail>;

/** A draft client with what it has saved so far, for resuming the phased form. */
export const ZClientDetail = ZClient.extend({ cases: z.array(ZCaseDetail) });
export type TClientDetail = z.infer<typeof ZClientDetail>;

// Custom rates (super_admin only: rates are money) --------------------------------------

const ZRate = z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Rate must be an amount like 125.00');
export const ZCustomRates = z.object({
  /** Keyed by customRateKey(jobType) (SPEC §3). */
  customRates: z.record(z.string(), ZRate),
  jobTypes: z.array(z.object({ jobType: z.string(), key: z.string(), standardRate: z.string().nullable(), active: z.boolean() })),
  version: z.number().int().nullable(),
});
export type TCustomRates = z.infer<typeof ZCustomRates>;
export const ZCustomRatesUpdate = z.object({
  customRates: z.record(z.string().regex(/^[a-z0-9_]+_rate$/), ZRate),
  /** null when the case has no assignment row yet. */
  version: z.number().int().nullable(),
});
export type TCustomRatesUpdate = z.infer<typeof ZCustomRatesUpdate>;
