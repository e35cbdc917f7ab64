import { Accordion, Alert, Table, Text } from '@mantine/core';
import type { TImportOutcome } from '../../../core/api/import.ts';
import { usePaged } from './paged.tsx';

const KINDS = [
  ['clients', 'Clients'], ['cases', 'Cases'], ['projects', 'Projects'], ['timeEntries', 'Time entries'], ['expenses', 'Expenses'],
] as const;

/**
 * What a dry run found or an import did (the same shape): created and matched per kind, then the
 * skipped, refused and non-billable rows with their row numbers and reasons, a page at a time.
 */
export function OutcomeView({ outcome, tense }: { outcome: TImportOutcome; tense: 'would' | 'did' }) {
  const created = tense === 'would' ? 'Would be created' : 'Created';
  const matched = tense === 'would' ? 'Would be matched' : 'Matched (already there)';
  const nonBillable = outcome.nonBillable ?? [];
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
          <Table.Tr>
            <Table.Th scope="row" fw={400}>Rows left out (non-billable)</Table.Th><Table.Td ta="right" colSpan={2}>{nonBillable.length.toLocaleString()}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {nonBillable.length > 0 && (
        <Alert color="yellow" title="Non-billable rows left out" maw={560}>
          <Text size="sm">{nonBillableSentence(nonBillable.length, tense)}</Text>
        </Alert>
      )}
      {(outcome.skipped.length > 0 || outcome.refused.length > 0 || nonBillable.length > 0) && (
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
          {nonBillable.length > 0 && (
            <Accordion.Item value="non-billable">
              <Accordion.Control>Non-billable rows ({nonBillable.length.toLocaleString()}): {tense === 'would' ? 'these would be left out' : 'these were left out'}</Accordion.Control>
              <Accordion.Panel><RowList rows={nonBillable} label="Non-billable rows" /></Accordion.Panel>
            </Accordion.Item>
          )}
        </Accordion>
      )}
    </>
  );
}

/**
 * Issue 38: a row the file marks non-billable is neither stored nor made billable (docs/decisions/118).
 * 'would': the dry run; 'did': the import's summary.
 */
function nonBillableSentence(n: number, tense: 'would' | 'did'): string {
  const one = n === 1;
  const rows = `${n.toLocaleString()} ${one ? 'row' : 'rows'}`;
  const said = tense === 'would'
    ? `${one ? 'is' : 'are'} marked non-billable in the file and would be left out`
    : `${one ? 'was' : 'were'} marked non-billable in the file and ${one ? 'was' : 'were'} left out`;
  return `${rows} ${said}: every time and expense entry in Casebook is billable.`;
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
