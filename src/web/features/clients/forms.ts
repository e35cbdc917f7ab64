import type { Address } from '../../../core/address.ts';
import type { TCaseListItem, TClient, TProject } from '../../../core/api/clients.ts';
import { DEFAULT_TERMS_DAYS } from '../../../core/billing/billing.ts';
import type { TRetainedSide } from '../../../core/cases/conflict-sides.ts';
import { CASE_LIMITS, CLIENT_LIMITS, PARTY_LIMITS, PROJECT_LIMITS, tooLongProblems } from '../../../core/limits.ts';

// Form values of the three phases as plain strings, and their request bodies.

export interface ClientForm {
  isBusinessClient: boolean; name: string; contactName: string; lastName: string; email: string; phone: string;
  /** Billing details (issue 24): who bills are addressed to, their terms in days, the client's LEDES id. */
  billToName: string; billingAddress: string; termsDays: string; ledesClientId: string;
}
export interface CaseForm {
  fileNumber: string; caseName: string; attorneyId: string | null; rateCodeId: string | null; clientMatterId: string;
  /** The facts a conflict check reads (issue 39); dateOfLoss as YYYY-MM-DD or empty. */
  retainedSide: TRetainedSide | null; claimNumber: string; policyNumber: string; dateOfLoss: string;
}
export interface ProjectForm {
  projectNumber: string; projectName: string; address: Address | null; projectType: string; buildingType: string;
  status: 'active' | 'on_hold' | 'closed'; isPrimaryProject: boolean;
}

export const emptyClient: ClientForm = {
  isBusinessClient: false, name: '', contactName: '', lastName: '', email: '', phone: '',
  billToName: '', billingAddress: '', termsDays: String(DEFAULT_TERMS_DAYS), ledesClientId: '',
};
export const emptyCase: CaseForm = {
  fileNumber: '', caseName: '', attorneyId: null, rateCodeId: null, clientMatterId: '', retainedSide: null, claimNumber: '', policyNumber: '', dateOfLoss: '',
};
export const emptyProject = (isPrimaryProject: boolean): ProjectForm => ({
  projectNumber: '', projectName: '', address: null, projectType: '', buildingType: '', status: 'active', isPrimaryProject,
});

export const clientForm = (c: TClient): ClientForm => ({
  isBusinessClient: c.isBusinessClient, name: c.name, contactName: c.contactName ?? '', lastName: c.lastName ?? '',
  email: c.email ?? '', phone: c.phone ?? '',
  billToName: c.billToName, billingAddress: c.billingAddress, termsDays: String(c.termsDays), ledesClientId: c.ledesClientId,
});
export const caseForm = (c: TCaseListItem): CaseForm => ({
  fileNumber: c.fileNumber, caseName: c.caseName, attorneyId: c.attorneyId, rateCodeId: c.rateCode?.id ?? null,
  clientMatterId: c.clientMatterId, retainedSide: c.retainedSide, claimNumber: c.claimNumber ?? '', policyNumber: c.policyNumber ?? '',
  dateOfLoss: c.dateOfLoss ?? '',
});
export const projectForm = (p: TProject): ProjectForm => ({
  projectNumber: p.projectNumber, projectName: p.projectName, address: p.address, projectType: p.projectType ?? '',
  buildingType: p.buildingType ?? '', status: p.status, isPrimaryProject: p.isPrimaryProject,
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);
export const clientBody = (f: ClientForm) => ({
  isBusinessClient: f.isBusinessClient, name: f.name, contactName: orNull(f.contactName), lastName: orNull(f.lastName),
  email: orNull(f.email), phone: orNull(f.phone),
  billToName: f.billToName, billingAddress: f.billingAddress, ledesClientId: f.ledesClientId,
  // Anything but whole days goes as null, which the server refuses with its terms message under the field.
  termsDays: /^\d+$/.test(f.termsDays.trim()) ? Number(f.termsDays.trim()) : null,
});
export const caseBody = (f: CaseForm) => ({ ...f, claimNumber: orNull(f.claimNumber), policyNumber: orNull(f.policyNumber), dateOfLoss: orNull(f.dateOfLoss) });
export const projectBody = (f: ProjectForm) => ({ ...f, projectType: orNull(f.projectType), buildingType: orNull(f.buildingType) });

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks done before a phase is sent, so the obvious gaps (and text too long to store) are named next to the fields. */
export function clientProblems(f: ClientForm): Partial<Record<keyof ClientForm, string>> {
  const p: Partial<Record<keyof ClientForm, string>> = tooLongProblems(f, CLIENT_LIMITS);
  if (!f.name.trim()) p.name = f.isBusinessClient ? 'Business name is required' : 'Client name is required';
  if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) p.email ??= 'Please enter a valid e-mail address';
  return p;
}
export function caseProblems(f: CaseForm): Partial<Record<keyof CaseForm, string>> {
  return {
    ...tooLongProblems(f, { ...CASE_LIMITS, claimNumber: PARTY_LIMITS.claimNumber, policyNumber: PARTY_LIMITS.policyNumber }),
    ...(f.fileNumber.trim() ? {} : { fileNumber: 'File number is required' }),
  };
}
export function projectProblems(f: ProjectForm): Partial<Record<keyof ProjectForm, string>> {
  return { ...tooLongProblems(f, PROJECT_LIMITS), ...(f.projectNumber.trim() ? {} : { projectNumber: 'Project number is required' }) };
}

/** Each field's label, as a refusal names it above the buttons. */
export const clientLabels = (f: ClientForm): Record<keyof ClientForm, string> => ({
  isBusinessClient: 'Client type', name: f.isBusinessClient ? 'Business name' : 'Client name', contactName: 'Contact name',
  lastName: 'Last name', email: 'E-mail', phone: 'Phone',
  billToName: 'Bill-to name', billingAddress: 'Billing address', termsDays: 'Payment terms (days)', ledesClientId: 'LEDES client id',
});
export const CASE_LABELS: Record<keyof CaseForm, string> = {
  fileNumber: 'File number', caseName: 'Case name', attorneyId: 'Attorney and law firm', rateCodeId: 'Rate code',
  clientMatterId: 'LEDES matter id', retainedSide: 'Retained by', claimNumber: 'Claim number', policyNumber: 'Policy number',
  dateOfLoss: 'Date of loss',
};
export const PROJECT_LABELS: Record<keyof ProjectForm, string> = {
  projectNumber: 'Project number', projectName: 'Project name', address: 'Property address', projectType: 'Project type',
  buildingType: 'Building type', status: 'Status', isPrimaryProject: 'Primary project',
};

export const PROJECT_TYPES = ['Water Loss', 'Fire Loss', 'Structural Assessment', 'Roof Inspection', 'Mold Assessment', 'Construction Defect', 'Wind Damage'];
export const BUILDING_TYPES = ['Single Family', 'Multi-Family', 'Condominium', 'Townhouse', 'Commercial', 'Mixed Use', 'Industrial'];
export const STATUS_LABELS: Record<ProjectForm['status'], string> = { active: 'Active', on_hold: 'On hold', closed: 'Closed' };
