import { Select, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TImportMapping } from '../../../core/api/import.ts';
import { useFirmJobTitles, useFirmUsers } from './choices.ts';
import { ClientSelect, ProjectSelect } from './client-select.tsx';
import { usePaged } from './paged.tsx';

type Mapping = TImportMapping;
type Change = (update: (mapping: Mapping) => Mapping) => void;

const NOBODY = 'nobody';

const replaceAt = <T,>(list: readonly T[], index: number, value: T) => list.map((item, i) => (i === index ? value : item));

/** One mapping table: a heading, the lines of this page and the pager. */
function MappingTable({ id, title, hint, head, pager, children }: { id: string; title: string; hint: string; head: string[]; pager: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={5} id={id}>{title}</Title>
      <Text size="xs" c="dimmed" mb={4}>{hint}</Text>
      <Table verticalSpacing={4} aria-labelledby={id}>
        <Table.Thead><Table.Tr>{head.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      {pager}
    </section>
  );
}

const rowsOf = (rows: number) => <Table.Td style={{ whiteSpace: 'nowrap' }}>{rows.toLocaleString()}</Table.Td>;

export function PeopleTable({ mapping, onChange }: { mapping: Mapping; onChange: Change }) {
  const users = useFirmUsers();
  const { page, pager } = usePaged(mapping.people.map((p, index) => ({ p, index })), 'People');
  const data = [{ value: NOBODY, label: 'Nobody (refuse these rows)' },
    ...(users.data ?? []).map((u) => ({ value: u.id, label: `${u.displayName} (${u.email})` }))];
  return (
    <MappingTable id="import-people-title" title="People" head={['In the file', 'Rows', 'Casebook user']} pager={pager}
      hint="Matched by e-mail, then by name. Rows of a person mapped to nobody are refused.">
      {page.map(({ p, index }) => (
        <Table.Tr key={p.key}>
          <Table.Td>{p.name}{p.email && <Text size="xs" c="dimmed">{p.email}</Text>}</Table.Td>
          {rowsOf(p.rows)}
          <Table.Td miw={260}>
            {/* Choosing the person shown again keeps them: "Nobody" is chosen by name, never by a second click. */}
            <Select size="xs" searchable data={data} value={p.userId ?? NOBODY} aria-label={`Casebook user for ${p.name || p.email}`} allowDeselect={false}
              onChange={(value) => onChange((m) => ({ ...m, people: replaceAt(m.people, index, { ...p, userId: value && value !== NOBODY ? value : null }) }))} />
            {p.userId === null && <Text size="xs" c="red.9" mt={2}>Not mapped: these rows will be refused</Text>}
          </Table.Td>
        </Table.Tr>
      ))}
    </MappingTable>
  );
}

export function ClientsTable({ mapping, onChange }: { mapping: Mapping; onChange: Change }) {
  const { page, pager } = usePaged(mapping.clients.map((c, index) => ({ c, index })), 'Clients');
  return (
    <MappingTable id="import-clients-title" title="Clients" head={['In the file', 'Rows', 'Casebook client']} pager={pager}
      hint="An existing client, or a new one created with the file's name.">
      {page.map(({ c, index }) => (
        <Table.Tr key={c.key}>
          <Table.Td>{c.name}</Table.Td>
          {rowsOf(c.rows)}
          <Table.Td miw={260}>
            <ClientSelect line={c} onChange={(clientId) => onChange((m) => ({
              ...m,
              clients: replaceAt(m.clients, index, { ...c, clientId }),
              // A project chosen among the old client's is not one of the new client's.
              projects: m.projects.map((p) => (p.clientKey === c.key ? { ...p, projectId: null } : p)),
            }))} />
          </Table.Td>
        </Table.Tr>
      ))}
    </MappingTable>
  );
}

export function ProjectsTable({ mapping, onChange }: { mapping: Mapping; onChange: Change }) {
  const { page, pager } = usePaged(mapping.projects.map((p, index) => ({ p, index })), 'Projects');
  const clients = new Map(mapping.clients.map((c) => [c.key, c]));
  return (
    <MappingTable id="import-projects-title" title="Projects" head={['In the file', 'Client', 'Rows', 'Casebook project']} pager={pager}
      hint="A project of the chosen client, or a new one (with a case of its own).">
      {page.map(({ p, index }) => {
        const client = clients.get(p.clientKey);
        return (
          <Table.Tr key={p.key}>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>{client?.name ?? '—'}</Table.Td>
            {rowsOf(p.rows)}
            <Table.Td miw={260}>
              <ProjectSelect line={p} clientId={client?.clientId ?? null}
                onChange={(projectId) => onChange((m) => ({ ...m, projects: replaceAt(m.projects, index, { ...p, projectId }) }))} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </MappingTable>
  );
}

export function JobTitlesTable({ mapping, onChange }: { mapping: Mapping; onChange: Change }) {
  const titles = useFirmJobTitles();
  const { page, pager } = usePaged(mapping.jobTitles.map((j, index) => ({ j, index })), 'Job titles');
  return (
    <MappingTable id="import-titles-title" title="Job titles" head={['In the file', 'Rows', 'Casebook job title']} pager={pager}
      hint="The task or job title of each row becomes one of the firm's job titles (they set the rate).">
      {page.map(({ j, index }) => (
        <Table.Tr key={j.key}>
          <Table.Td>{j.name || <Text span c="dimmed" size="sm">(none)</Text>}</Table.Td>
          {rowsOf(j.rows)}
          <Table.Td miw={260}>
            <Select size="xs" searchable data={[...new Set([j.jobTitle, ...(titles.data ?? [])])]} value={j.jobTitle}
              aria-label={`Casebook job title for ${j.name || 'rows without one'}`} allowDeselect={false}
              onChange={(value) => value && onChange((m) => ({ ...m, jobTitles: replaceAt(m.jobTitles, index, { ...j, jobTitle: value }) }))} />
          </Table.Td>
        </Table.Tr>
      ))}
    </MappingTable>
  );
}
