import type { TImportMapping } from '../api/import.ts';
import type { ImportRecord, PersonRef } from './records.ts';
import { nameKey } from './values.ts';

// The file's people, clients, projects and tasks, and who or what they are in Casebook: proposed
// when the file is uploaded, corrected by the user, then followed by the dry run and the import.

export const personKey = (p: PersonRef) => (p.email ? p.email.trim().toLowerCase() : `name:${nameKey(p.name)}`);
export const clientKey = (client: string) => nameKey(client);
export const projectKey = (client: string, project: string) => JSON.stringify([nameKey(client), nameKey(project)]);
export const jobTitleKey = (task: string) => nameKey(task);

/** A job title for rows that name no task. */
export const NO_TASK_TITLE = 'General';

interface Counted { name: string; rows: number }

/** What the file holds, counted while it is read (one entry per key). */
export class FileSummary {
  readonly people = new Map<string, Counted & { email: string }>();
  readonly clients = new Map<string, Counted>();
  readonly projects = new Map<string, Counted & { clientKey: string; caseNumber: string }>();
  readonly jobTitles = new Map<string, Counted>();

  add(record: ImportRecord): void {
    const count = <T extends Counted>(map: Map<string, T>, key: string, value: T) => {
      const seen = map.get(key);
      if (seen) seen.rows += 1;
      else map.set(key, value);
    };
    count(this.clients, clientKey(record.client), { name: record.client.trim(), rows: 1 });
    if (record.kind === 'client' || record.kind === 'case') return;
    count(this.projects, projectKey(record.client, record.project), {
      name: record.project.trim(), rows: 1, clientKey: clientKey(record.client), caseNumber: record.caseNumber,
    });
    if (record.kind === 'project') return;
    count(this.people, personKey(record.person), { name: record.person.name.trim(), email: record.person.email.trim(), rows: 1 });
    if (record.kind === 'time') count(this.jobTitles, jobTitleKey(record.task), { name: record.task.trim() || NO_TASK_TITLE, rows: 1 });
  }
}

/** What the firm has, for matching. */
export interface FirmDirectory {
  users: { id: string; email: string; name: string }[];
  clients: { id: string; name: string }[];
  projects: { id: string; clientId: string; name: string }[];
  /** The firm's job titles (rate code items' job types). */
  jobTitles: string[];
}

function firstBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

/**
 * The proposal: people by e-mail first, then by name; clients by name; projects by name within
 * their client; tasks to the firm's job title of the same name (else the task's own name, a title
 * with no firm rate, for the user to correct); rates 'firm'.
 */
export function proposeMapping(summary: FileSummary, firm: FirmDirectory): TImportMapping {
  const usersByEmail = firstBy(firm.users, (u) => u.email.trim().toLowerCase());
  const usersByName = firstBy(firm.users, (u) => nameKey(u.name));
  const clientsByName = firstBy(firm.clients, (c) => nameKey(c.name));
  const projectsByName = firstBy(firm.projects, (p) => `${p.clientId}\u001f${nameKey(p.name)}`);
  const titles = firstBy(firm.jobTitles, nameKey);
  const clientIds = new Map<string, string | null>();
  const clients = [...summary.clients].map(([key, c]) => {
    const clientId = clientsByName.get(key)?.id ?? null;
    clientIds.set(key, clientId);
    return { key, name: c.name, rows: c.rows, clientId };
  });
  return {
    people: [...summary.people].map(([key, p]) => {
      const user = (p.email ? usersByEmail.get(p.email.toLowerCase()) : undefined) ?? (p.name ? usersByName.get(nameKey(p.name)) : undefined);
      return { key, name: p.name, email: p.email, rows: p.rows, userId: user?.id ?? null };
    }),
    clients,
    projects: [...summary.projects].map(([key, p]) => {
      const clientId = clientIds.get(p.clientKey) ?? null;
      const project = clientId ? projectsByName.get(`${clientId}\u001f${nameKey(p.name)}`) : undefined;
      return { key, clientKey: p.clientKey, name: p.name, rows: p.rows, projectId: project?.id ?? null };
    }),
    jobTitles: [...summary.jobTitles].map(([key, t]) => ({
      key, name: t.name, rows: t.rows, jobTitle: (titles.get(key) ?? t.name).slice(0, 100),
    })),
    rates: 'firm',
  };
}

/**
 * A corrected mapping must name the same people, clients, projects and tasks as the proposal
 * (only their targets change), and a project kept must stay within its client. Null when it fits.
 */
export function mappingProblem(proposal: TImportMapping, corrected: TImportMapping): string | null {
  const same = (a: { key: string }[], b: { key: string }[]) =>
    a.length === b.length && a.every((item) => b.some((other) => other.key === item.key));
  if (!same(proposal.people, corrected.people) || !same(proposal.clients, corrected.clients)
    || !same(proposal.projects, corrected.projects) || !same(proposal.jobTitles, corrected.jobTitles)) {
    return 'The mapping must list the same people, clients, projects and job titles as the file.';
  }
  const clients = new Map(corrected.clients.map((c) => [c.key, c.clientId]));
  const stray = corrected.projects.find((p) => p.projectId && !clients.get(p.clientKey));
  return stray ? `Project "${stray.name}" is mapped to an existing project but its client is to be created.` : null;
}
