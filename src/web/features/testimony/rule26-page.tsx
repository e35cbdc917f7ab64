import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { FEE_HISTORY_COLUMNS, feeHistoryCells, feeHistorySummary, feeHistoryTitle } from '../../../core/billing/fee-history.ts';
import { COMPENSATION_WITHHELD, RULE26_COLUMNS, RULE26_EMPTY, rule26Cells, rule26Title } from '../../../core/testimony/rule26.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { reportError } from '../../lib/error-store.ts';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { useToday } from '../../ui/today.ts';
import { downloadFeeHistory, downloadRule26, useExperts, useFeeHistory, useRule26 } from './api.ts';

/**
 * The Rule 26 list (issue 40): choose an expert and an as-of date, see the list and download it as
 * a PDF, a CSV or a Word file. Super admins also see the expert's deposition fee history.
 */
export default function Rule26Page() {
  const user = useUser();
  const today = useToday();
  const experts = useExperts();
  const [expertId, setExpertId] = useState<string | null>(user.isAdmin ? null : user.id);
  const [asOfText, setAsOfText] = useState(() => formatUsDate(today()));
  const asOf = toIsoDate(asOfText);
  const list = useRule26(expertId, asOf);
  const fees = useFeeHistory(expertId, user.isSuperAdmin);
  const download = async (ext: 'pdf' | 'csv' | 'docx') => {
    if (!expertId || !asOf) return;
    try {
      await downloadRule26(expertId, asOf, ext);
    } catch (error) {
      reportError(error, { screen: 'rule26', action: `download-${ext}` });
    }
  };
  const ready = Boolean(expertId && asOf);
  return (
    <Stack p="md" maw={1100}>
      <Title order={2}>Rule 26 list</Title>
      <Paper withBorder p="lg">
        <Group align="flex-end">
          <Select label="Expert" placeholder="Choose an expert" searchable value={expertId} w={280}
            data={(experts.data?.experts ?? []).map((x) => ({ value: x.id, label: x.name }))} onChange={setExpertId} />
          <SmartDateInput label="As of" value={asOfText} onChange={setAsOfText} w={180} />
          <Button leftSection={<IconDownload size={16} />} disabled={!ready} onClick={() => download('pdf')}>Download PDF</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" disabled={!ready} onClick={() => download('csv')}>Download CSV</Button>
          <Button leftSection={<IconDownload size={16} />} variant="light" disabled={!ready} onClick={() => download('docx')}>Download Word</Button>
        </Group>
      </Paper>
      {list.data && (
        <Paper withBorder p="lg">
          <Title order={3} mb="xs">{rule26Title(list.data.expertName, list.data.asOf)}</Title>
          <Text size="sm" c="dimmed" mb="sm">From {formatUsDate(list.data.from)} through {formatUsDate(list.data.asOf)}, newest first.</Text>
          {list.data.events.length === 0 ? <Text>{RULE26_EMPTY}</Text> : (
            <Table.ScrollContainer minWidth={700}>
              <Table striped aria-label="Rule 26 list">
                <Table.Thead><Table.Tr>{RULE26_COLUMNS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
                <Table.Tbody>
                  {list.data.events.map((e) => (
                    <Table.Tr key={e.id}>{rule26Cells(e).map((c, i) => <Table.Td key={i}>{c}</Table.Td>)}</Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Stack gap={2} mt="md">
            {(list.data.compensation ?? [COMPENSATION_WITHHELD]).map((line) => <Text key={line} size="sm">{line}</Text>)}
          </Stack>
        </Paper>
      )}
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {user.isSuperAdmin && fees.data && (
        <Paper withBorder p="lg">
          <Group justify="space-between" mb="xs">
            <Title order={3}>{feeHistoryTitle(fees.data.expertName)}</Title>
            <Button variant="light" leftSection={<IconDownload size={16} />}
              onClick={() => downloadFeeHistory(fees.data.expertId).catch((e: unknown) => reportError(e, { screen: 'rule26', action: 'fee-history' }))}>
              Download fee history PDF
            </Button>
          </Group>
          {feeHistorySummary(fees.data).map((line) => <Text key={line} size="sm">{line}</Text>)}
          {fees.data.bills.length > 0 && (
            <Table.ScrollContainer minWidth={760} mt="sm">
              <Table striped aria-label="Deposition fees">
                <Table.Thead><Table.Tr>{FEE_HISTORY_COLUMNS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr></Table.Thead>
                <Table.Tbody>
                  {fees.data.bills.map((b) => <Table.Tr key={b.billId}>{feeHistoryCells(b).map((c, i) => <Table.Td key={i}>{c}</Table.Td>)}</Table.Tr>)}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
    </Stack>
  );
}
