import { Accordion, Table, Text } from '@mantine/core';
import type { TImportOutcome } from '../../../core/api/import.ts';
import { usePaged } from './paged.tsx';

const KINDS = [
  ['clients', 'Clients'], ['cases', 'Cases'], ['projects', 'Projects'], ['timeEntries', 'Time entries'], ['expenses', 'Expenses'],
] as const;

/**
 * What a dry run found or an import did (the same shape): created and matched per kind, then the
 * skipped and refused rows with their row numbers and reasons, a page at a time.
 */
export function OutcomeView({ outcome, tense }: { outcome: TImportOutcome; tense: 'would' | 'did' }) {
  const created = tense === 'would' ? 'Would be created' : 'Created';
  const matched = tense === 'would' ? 'Would be matched' : 'Matched (already there)';
  return (
    <>
      <Table withTableBorder verticalSpacing={4} maw={560} aria-label={tense === 'would' ? 'Dry run counts' : 'Import counts'}>
        <Table.Thead><Table.Tr><Table.Th>What</Table.Th><Table.Th ta="right">{created}</Table.Th><Table.Th ta="right">{matched}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {KINDS.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={400}>{label}</Table.Th>
              <Table.Td ta="right">{outcome.created[key].toLocaleString()}</Table.Td>
              <Table.Td ta="right">{outcome.matched[key].toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" fw={400}>Rows skipped</Table.Th><Table.Td ta="right" colSpan={2}>{outcome.skipped.length.toLocaleString()}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>Rows refused</Table.Th><Table.Td ta="right" colSpan={2}>{outcome.refused.length.toLocaleString()}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {(outcome.skipped.length > 0 || outcome.refused.length > 0) && (
        <Accordion variant="contained" multiple defaultValue={outcome.refused.length > 0 ? ['refused'] : []}>
          {outcome.refused.length > 0 && (
            <Accordion.Item value="refused">
              <Accordion.Control>Refused rows ({outcome.refused.length.toLocaleString()}): {tense === 'would' ? 'these would not be imported' : 'these were not imported'}</Accordion.Control>
              <Accordion.Panel><RowList rows={outcome.refused} label="Refused rows" /></Accordion.Panel>
            </Accordion.Item>
          )}
          {outcome.skipped.length > 0 && (
            <Accordion.Item value="skipped">
              <Accordion.Control>Skipped rows ({outcome.skipped.length.toLocaleString()}): imported before or holding nothing to import</Accordion.Control>
              <Accordion.Panel><RowList rows={outcome.skipped} label="Skipped rows" /></Accordion.Panel>
            </Accordion.Item>
          )}
        </Accordion>
      )}
    </>
  );
}

function RowList({ rows, label }: { rows: TImportOutcome['refused']; label: string }) {
  const { page, pager } = usePaged(rows, label, 50);
  return (
    <>
      <Table verticalSpacing={2} fz="sm" aria-label={label}>
        <Table.Thead><Table.Tr><Table.Th w={90}>Row</Table.Th><Table.Th>Reason</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {page.map((row) => <Table.Tr key={`${row.row}-${row.reason}`}><Table.Td>{row.row}</Table.Td><Table.Td>{row.reason}</Table.Td></Table.Tr>)}
        </Table.Tbody>
      </Table>
      {pager}
      <Text size="xs" c="dimmed">Row numbers are those of the file as a spreadsheet shows it (the header is row 1).</Text>
    </>
  );
}
