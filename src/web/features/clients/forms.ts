import type { Address } from '../../../core/address.ts';
import type { TCaseListItem, TClient, TProject } from '../../../core/api/clients.ts';

// Form values of the three phases as plain strings, and their request bodies.

export interface ClientForm { isBusinessClient: boolean; name: string; contactName: string; lastName: string; email: string; phone: string }
export interface CaseForm { fileNumber: string; caseName: string; attorneyId: string | null; rateCodeId: string | null }
export interface ProjectForm {
  projectNumber: string; projectName: string; address: Address | null; projectType: string; buildingType: string;
  status: 'active' | 'on_hold' | 'closed'; isPrimaryProject: boolean;
}

export const emptyClient: ClientForm = { isBusinessClient: false, name: '', contactName: '', lastName: '', email: '', phone: '' };
export const emptyCase: CaseForm = { fileNumber: '', caseName: '', attorneyId: null, rateCodeId: null };
export const emptyProject = (isPrimaryProject: boolean): ProjectForm => ({
  projectNumber: '', projectName: '', address: null, projectType: '', buildingType: '', status: 'active', isPrimaryProject,
});

export const clientForm = (c: TClient): ClientForm => ({
  isBusinessClient: c.isBusinessClient, name: c.name, contactName: c.contactName ?? '', lastName: c.lastName ?? '',
  email: c.email ?? '', phone: c.phone ?? '',
});
export const caseForm = (c: TCaseListItem): CaseForm => ({
  fileNumber: c.fileNumber, caseName: c.caseName, attorneyId: c.attorneyId, rateCodeId: c.rateCode?.id ?? null,
});
export const projectForm = (p: TProject): ProjectForm => ({
  projectNumber: p.projectNumber, projectName: p.projectName, address: p.address, projectType: p.projectType ?? '',
  buildingType: p.buildingType ?? '', status: p.status, isPrimaryProject: p.isPrimaryProject,
});

const orNull = (s: string) => (s.trim() ? s.trim() : null);
export const clientBody = (f: ClientForm) => ({
  isBusinessClient: f.isBusinessClient, name: f.name, contactName: orNull(f.contactName), lastName: orNull(f.lastName),
  email: orNull(f.email), phone: orNull(f.phone),
});
export const caseBody = (f: CaseForm) => ({ ...f });
export const projectBody = (f: ProjectForm) => ({ ...f, projectType: orNull(f.projectType), buildingType: orNull(f.buildingType) });

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks done before a phase is sent, so the obvious gaps are named next to the fields. */
export function clientProblems(f: ClientForm): Partial<Record<keyof ClientForm, string>> {
  const p: Partial<Record<keyof ClientForm, string>> = {};
  if (!f.name.trim()) p.name = f.isBusinessClient ? 'Business name is required' : 'Client name is required';
  if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) p.email = 'Please enter a valid e-mail address';
  return p;
}
export function caseProblems(f: CaseForm): Partial<Record<keyof CaseForm, string>> {
  return f.fileNumber.trim() ? {} : { fileNumber: 'File number is required' };
}
export function projectProblems(f: ProjectForm): Partial<Record<keyof ProjectForm, string>> {
  return f.projectNumber.trim() ? {} : { projectNumber: 'Project number is required' };
}

export const PROJECT_TYPES = ['Water Loss', 'Fire Loss', 'Structural Assessment', 'Roof Inspection', 'Mold Assessment', 'Construction Defect', 'Wind Damage'];
export const BUILDING_TYPES = ['Single Family', 'Multi-Family', 'Condominium', 'Townhouse', 'Commercial', 'Mixed Use', 'Industrial'];
export const STATUS_LABELS: Record<ProjectForm['status'], string> = { active: 'Active', on_hold: 'On hold', closed: 'Closed' };
