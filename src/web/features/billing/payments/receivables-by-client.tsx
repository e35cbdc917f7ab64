import { Alert, Button, Group, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AGING_BY_CLIENT_COLUMNS, agingByClientFileName, agingByClientRows } from '../../../../core/billing/aging-by-client.ts';
import type { TAgingByClient } from '../../../../core/api/aging.ts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { keys } from '../api.ts';

const URL = '/api/accounting/receivables/by-client';

/** A/R aging by client on the firm's today (issue 38), with its CSV and PDF. */
export function ReceivablesByClient() {
  const report = useQuery({ queryKey: [...keys.all, 'receivables-by-client'], queryFn: () => api<TAgingByClient>(URL) });
  const [fileError, setFileError] = useState<string | null>(null);
  const data = report.data;
  if (!data) return null;
  const download = async (ext: 'csv' | 'pdf') => {
    setFileError(null);
    try {
      await downloadFile(`${URL}.${ext}`, agingByClientFileName(data.today, ext));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : String(error));
    }
  };
  const rows = agingByClientRows(data);
  return (
    <>
      <Group justify="space-between">
        <Title order={4}>Aging by client</Title>
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => void download('csv')}>CSV</Button>
          <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => void download('pdf')}>PDF</Button>
        </Group>
      </Group>
      {fileError && <Alert color="red" role="alert">{fileError}</Alert>}
      {data.clients.length === 0 ? <Text c="dimmed" size="sm">No client owes anything.</Text> : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label="Aging by client" fz="sm">
            <Table.Thead>
              <Table.Tr>{AGING_BY_CLIENT_COLUMNS.map((c, i) => <Table.Th key={c} ta={i === 0 ? undefined : 'right'}>{c}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={i} fw={i === rows.length - 1 ? 700 : undefined}>
                  {row.map((cell, j) => <Table.Td key={j} ta={j === 0 ? undefined : 'right'}>{cell}</Table.Td>)}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
