import type { Selectable } from 'kysely';
import type { TAddressObject, TClient, TProject } from '../../../core/api/clients.ts';
import { draftResumePhase, projectDisplayName } from '../../../core/cases/cases.ts';
import type { ClientsTable, ProjectsTable } from '../../db/types.ts';

export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
/** A date column as YYYY-MM-DD (the driver may answer a string or a Date at midnight UTC). */
export const isoDay = (d: Date | string | null): string | null => (d === null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : d.slice(0, 10));

export function toClient(row: Selectable<ClientsTable>): TClient {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    isBusinessClient: row.is_business_client,
    completionPercentage: row.completion_percentage,
    billToName: row.bill_to_name,
    billingAddress: row.billing_address,
    termsDays: row.terms_days,
    ledesClientId: row.ledes_client_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

export function toDraft(row: Selectable<ClientsTable>, caseFileNumber: string | null, hasProject: boolean) {
  const resumePhase = draftResumePhase({
    completion: row.completion_percentage, hasName: row.name.trim() !== '', hasCase: caseFileNumber !== null, hasProject,
  });
  return { ...toClient(row), resumePhase, caseFileNumber };
}

export function toProject(row: Selectable<ProjectsTable>): TProject {
  return {
    id: row.id,
    caseId: row.case_id,
    projectNumber: row.project_number,
    projectName: row.project_name,
    displayName: projectDisplayName(row.project_name),
    propertyAddress: row.property_address,
    propertyCityStateZip: row.property_city_state_zip,
    address: (row.address as TAddressObject | null) ?? null,
    projectType: row.project_type,
    buildingType: row.building_type,
    status: row.status,
    isPrimaryProject: row.is_primary_project,
    createdAt: iso(row.created_at),
    version: row.version,
  };
}
