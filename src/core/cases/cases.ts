import type { Address } from '../address.ts';

/** Shown wherever a project has no name (SPEC §3 projects). */
export const UNNAMED_PROJECT = 'Unnamed Project';

export function projectDisplayName(name: string | null | undefined): string {
  return name && name.trim() ? name.trim() : UNNAMED_PROJECT;
}

/**
 * The phases of the new-client form and the completion_percentage a client reaches when each
 * is saved (docs/decisions/010). Only 100 makes a client listed and searchable.
 */
export const CLIENT_PHASES = ['client', 'case', 'project', 'review'] as const;
export type ClientPhase = (typeof CLIENT_PHASES)[number];
export const PHASE_COMPLETION: Record<ClientPhase, number> = { client: 25, case: 50, project: 75, review: 100 };
export const COMPLETE = 100;

/** Completion after saving a phase: never goes down when an earlier phase is edited again. */
export function completionAfter(current: number, phase: ClientPhase): number {
  return Math.max(current, PHASE_COMPLETION[phase]);
}

/** The phase a draft resumes at: the first one not yet saved. */
export function resumePhase(completion: number): ClientPhase {
  return CLIENT_PHASES.find((phase) => PHASE_COMPLETION[phase] > completion) ?? 'review';
}

/**
 * Where a draft resumes: the first phase not yet saved by its completion, but never past
 * what actually exists (a draft can claim 60% without a case, e.g. when imported).
 */
export function draftResumePhase(d: { completion: number; hasName: boolean; hasCase: boolean; hasProject: boolean }): ClientPhase {
  const byData: ClientPhase = !d.hasName ? 'client' : !d.hasCase ? 'case' : !d.hasProject ? 'project' : 'review';
  const byCompletion = resumePhase(d.completion);
  return CLIENT_PHASES[Math.min(CLIENT_PHASES.indexOf(byData), CLIENT_PHASES.indexOf(byCompletion))]!;
}

export function phaseLabel(phase: ClientPhase): string {
  return { client: 'Client', case: 'Case', project: 'First project', review: 'Review' }[phase];
}

/** 'City, ST 12345' as stored in property_city_state_zip. */
export function cityStateZip(a: Pick<Address, 'city' | 'stateCode' | 'postalCode'>): string {
  const region = [a.stateCode.trim(), a.postalCode.trim()].filter(Boolean).join(' ');
  return [a.city.trim(), region].filter(Boolean).join(', ');
}

/** The project's address columns from the structured address (street plus unit; city, state zip). */
export function projectAddressColumns(a: Address | null): { propertyAddress: string | null; propertyCityStateZip: string | null } {
  if (!a) return { propertyAddress: null, propertyCityStateZip: null };
  const street = [a.streetAddress1.trim(), a.streetAddress2.trim()].filter(Boolean).join(' ');
  const region = cityStateZip(a);
  return { propertyAddress: street || null, propertyCityStateZip: region || null };
}

/** One line 'address, city state zip'; blank parts are left out. */
export function addressLine(propertyAddress: string | null | undefined, cityStateZipText: string | null | undefined): string {
  return [propertyAddress, cityStateZipText].map((p) => (p ?? '').trim()).filter(Boolean).join(', ');
}

export interface AddressedProject {
  propertyAddress: string | null;
  propertyCityStateZip: string | null;
  isPrimaryProject: boolean;
  /** ISO timestamp; the earliest project is "the first project". */
  createdAt: string;
}

/** SPEC §3: a case's address comes from its primary project, or else its first project. */
export function caseAddress(projects: readonly AddressedProject[]): string {
  if (projects.length === 0) return '';
  const primary = projects.find((p) => p.isPrimaryProject);
  const source = primary ?? [...projects].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0]!;
  return addressLine(source.propertyAddress, source.propertyCityStateZip);
}

/** A personal client's last name is the last word of the name (SPEC §9 PDFs). */
export function lastNameOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.length ? words[words.length - 1]! : '';
}

/** Display of a client in lists: the name, with the contact person for businesses. */
export function clientLabel(c: { name: string; contactName: string | null; isBusinessClient: boolean }): string {
  const name = c.name.trim() || '(no name yet)';
  return c.isBusinessClient && c.contactName?.trim() ? `${name} (${c.contactName.trim()})` : name;
}

/** Case search needs at least this many characters (SPEC §9). */
export const CASE_SEARCH_MIN = 2;
export const CASE_SEARCH_LIMIT = 20;

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export function likePattern(q: string): string {
  return `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SPEC §4/§7: merges the two case-search reads, first occurrence wins, newest first. */
export function mergeCaseHits<T extends { id: string; createdAt: string }>(a: readonly T[], b: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const hit of [...a, ...b]) {
    if (seen.has(hit.id)) continue;
    seen.add(hit.id);
    out.push(hit);
  }
  return out.sort((x, y) => y.createdAt.localeCompare(x.createdAt));
}
