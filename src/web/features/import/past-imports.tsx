import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { IMPORT_SOURCE_LABELS } from '../../../core/api/import.ts';
import { useImports, type TImportListItem } from './api.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

const STATUS_LABELS: Record<TImportListItem['status'], { label: string; color: string }> = {
  uploaded: { label: 'Not imported yet', color: 'gray' },
  running: { label: 'Importing', color: 'blue' },
  done: { label: 'Imported', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};



/** The imports made before, newest first, each opened again at its step (GET /api/imports). */
export default function PastImports({ onOpen }: { onOpen(id: string): void }) {
  const imports = useImports();
  const timeZone = useFirmTimeZone();
  if (imports.isError) return <Text size="sm" c="red.8" role="alert">The past imports could not be loaded: {imports.error.message}</Text>;
  if (!imports.data || imports.data.length === 0) return null;
  return (
    <>
      <Title order={4} id="past-imports-title">Past imports</Title>
      <Table striped verticalSpacing="xs" aria-labelledby="past-imports-title">
        <Table.Thead>
          <Table.Tr><Table.Th>File</Table.Th><Table.Th>From</Table.Th><Table.Th>Rows</Table.Th><Table.Th>Uploaded</Table.Th><Table.Th>Status</Table.Th><Table.Th>Actions</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.data.map((item) => {
            const status = STATUS_LABELS[item.status];
            return (
              <Table.Tr key={item.id}>
                <Table.Td>{item.fileName}</Table.Td>
                <Table.Td>{IMPORT_SOURCE_LABELS[item.source]}</Table.Td>
                <Table.Td>{item.rowCount.toLocaleString()}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{firmDateTime(item.createdAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light" styles={{ label: { overflow: 'visible' } }}>{status.label}</Badge>
                  {item.status === 'running' && <Text size="xs">{item.progress.done.toLocaleString()} of {item.progress.total.toLocaleString()} rows</Text>}
                  {item.error && <Text size="xs" c="red.8">{item.error}</Text>}
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => onOpen(item.id)} aria-label={`${item.status === 'uploaded' ? 'Continue' : 'View'} the import of ${item.fileName}`}>
                    {item.status === 'uploaded' ? 'Continue' : 'View'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}
