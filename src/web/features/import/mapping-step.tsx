import { Alert, Badge, Button, Group, Radio, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IMPORT_SOURCE_LABELS, type TImport, type TImportMapping } from '../../../core/api/import.ts';
import { saveMapping, startDryRun, useKeepImport } from './api.ts';
import { ClientsTable, JobTitlesTable, PeopleTable, ProjectsTable } from './mapping-tables.tsx';

const SAMPLE_ROWS = 5;

/** Step 2: what was read (source, rows, the first rows) and the mapping, corrected here and saved. */
export function MappingStep({ item, onDryRun }: { item: TImport; onDryRun(): void }) {
  const keep = useKeepImport();
  // The corrections live here until saved: a refused save leaves them as they are.
  const [draft, setDraft] = useState<TImportMapping>(item.mapping);
  const [busy, setBusy] = useState<'save' | 'dry-run' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(item.mapping);
  const unmapped = draft.people.filter((p) => p.userId === null).reduce((sum, p) => sum + p.rows, 0);

  const change = (update: (m: TImportMapping) => TImportMapping) => { setDraft(update); setSaved(false); };

  const save = async (then: 'save' | 'dry-run') => {
    setBusy(then);
    setProblem(null);
    try {
      let answer = item;
      if (dirty) {
        answer = await saveMapping(item.id, draft);
        keep(answer);
        setDraft(answer.mapping);
      }
      if (then === 'dry-run') {
        keep(await startDryRun(item.id));
        onDryRun();
      } else setSaved(true);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The mapping was not saved. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" role="group" aria-label="The uploaded file">
        <Text size="sm">Recognised as</Text>
        <Badge size="lg" variant="light">{IMPORT_SOURCE_LABELS[item.source]}</Badge>
        <Text size="sm"><b>{item.fileName}</b>: {item.rowCount.toLocaleString()} {item.rowCount === 1 ? 'row' : 'rows'}</Text>
      </Group>
      <Sample item={item} />
      <Title order={4}>Who and what is who</Title>
      <Text size="sm">Casebook proposed a match for each line. Correct any that are wrong, then save or go on to the dry run.</Text>
      <PeopleTable mapping={draft} onChange={change} />
      <ClientsTable mapping={draft} onChange={change} />
      <ProjectsTable mapping={draft} onChange={change} />
      <JobTitlesTable mapping={draft} onChange={change} />
      <Radio.Group label="Rates" description="Which hourly rate the imported time entries carry." value={draft.rates}
        onChange={(value) => change((m) => ({ ...m, rates: value === 'file' ? 'file' : 'firm' }))}>
        <Stack gap={6} mt={6}>
          <Radio value="firm" label="Use the firm's rate codes" description="Each entry takes the rate of its job title, as a new entry does." />
          <Radio value="file" label="Keep the rates from the file" description="The hourly rate written in the file is kept, even where the firm's differs." />
        </Stack>
      </Radio.Group>
      {unmapped > 0 && (
        <Alert color="yellow">{unmapped.toLocaleString()} {unmapped === 1 ? 'row belongs' : 'rows belong'} to people mapped to nobody: they will be refused.</Alert>
      )}
      {problem && <Alert color="red" role="alert" title="Not saved">{problem} Your corrections are still here.</Alert>}
      {saved && !dirty && <Text size="sm" c="green" role="status">The mapping is saved.</Text>}
      <Group>
        <Button variant="default" onClick={() => void save('save')} loading={busy === 'save'} disabled={busy !== null || !dirty}>Save the mapping</Button>
        <Button onClick={() => void save('dry-run')} loading={busy === 'dry-run'} disabled={busy !== null}>
          {dirty ? 'Save and try a dry run' : 'Try a dry run'}
        </Button>
      </Group>
    </Stack>
  );
}

/** The first rows as read, under the file's own headers. */
function Sample({ item }: { item: TImport }) {
  const rows = item.sample.slice(0, SAMPLE_ROWS);
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  if (rows.length === 0) return <Text size="sm" c="dimmed">The file holds no rows.</Text>;
  return (
    <section aria-labelledby="import-sample-title">
      <Title order={5} id="import-sample-title">The first {rows.length} rows of the file</Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder verticalSpacing={4} fz="xs" aria-labelledby="import-sample-title">
          <Table.Thead><Table.Tr><Table.Th>Row</Table.Th>{headers.map((h) => <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // Row 1 is the header row: the first data row is row 2, as the dry run numbers them.
              <Table.Tr key={index}><Table.Td>{index + 2}</Table.Td>{headers.map((h) => <Table.Td key={h} style={{ whiteSpace: 'nowrap' }}>{row[h] ?? ''}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </section>
  );
}
