import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TStatement } from '../../../../core/api/accounting.ts';
import type { TClientSearch } from '../../../../core/api/clients.ts';
import { PDF_FAILED_MESSAGE } from '../../../../core/action-items-report.ts';
import { rangeProblem } from '../../../../core/time/reports.ts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useUser } from '../../../shared/auth.tsx';
import { StatementView } from './statement-view.tsx';
import { SuperAdminsOnly } from '../super-admins-only.tsx';
import { LoadingBlock } from '../../../ui/loading-block';
import { localIsoDate } from '../../../../core/dates/iso-date.ts';
import { useToday } from '../../../ui/today.ts';

/** /accounting/statements?client=&from=&to=: a client's statement of account for a period, and its PDF. */
export default function StatementPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const clientId = params.get('client') ?? '';
  const today = localIsoDate(useToday()());
  const from = params.get('from') ?? `${today.slice(0, 4)}-01-01`;
  const to = params.get('to') ?? today;
  const [q, setQ] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const problem = from && to ? rangeProblem(from, to) : 'Choose the first and last day of the period.';
  const search = useQuery({
    queryKey: ['accounting', 'statement-clients', q], enabled: user.isSuperAdmin && q.trim().length >= 2,
    queryFn: ({ signal }) => api<TClientSearch>(`/api/clients/search?q=${encodeURIComponent(q.trim())}`, { signal }),
  });
  const statement = useQuery({
    queryKey: ['accounting', 'statement', clientId, from, to], enabled: user.isSuperAdmin && !!clientId && !problem,
    queryFn: () => api<TStatement>(`/api/clients/${clientId}/statement?from=${from}&to=${to}`),
  });
  if (!user.isSuperAdmin) return <SuperAdminsOnly />;
  const set = (change: Record<string, string>) => setParams({ client: clientId, from, to, ...change }, { replace: true });
  const pdf = async () => {
    setPrinting(true);
    setPdfError(null);
    try {
      await downloadFile(`/api/clients/${clientId}/statement.pdf?from=${from}&to=${to}`, `Statement-${from}-${to}.pdf`);
    } catch {
      setPdfError(PDF_FAILED_MESSAGE);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/accounting" size="sm"><IconArrowLeft size={14} /> Accounting</Anchor>
      <Title order={2}>Statement of account</Title>
      <Paper withBorder p="md">
        <Group align="flex-end">
          <TextInput label="Client" placeholder="Type at least 2 letters of the client's name" w={320} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
          <TextInput label="From" type="date" value={from} onChange={(e) => set({ from: e.currentTarget.value })} />
          <TextInput label="To" type="date" value={to} onChange={(e) => set({ to: e.currentTarget.value })} />
          {clientId && !problem && (
            <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={printing} onClick={() => void pdf()}>PDF</Button>
          )}
        </Group>
        {q.trim().length >= 2 && (
          <Group gap="xs" mt="sm" aria-label="Matching clients" role="list">
            {search.data?.clients.length === 0 && <Text size="sm" c="dimmed">No client matches.</Text>}
            {search.data?.clients.map((c) => (
              <Button key={c.id} role="listitem" size="xs" variant={c.id === clientId ? 'filled' : 'default'} onClick={() => { set({ client: c.id }); setQ(''); }}>
                {c.name}
              </Button>
            ))}
          </Group>
        )}
        {problem && <Alert color="red" mt="sm">{problem}</Alert>}
      </Paper>
      {pdfError && <Alert color="red" role="alert">{pdfError}</Alert>}
      {!clientId && <Text c="dimmed">Find a client to see their statement.</Text>}
      {clientId && statement.isPending && !problem && <LoadingBlock h={240} label="Loading statement" />}
      {statement.isError && <Alert color="red">{statement.error.message}</Alert>}
      {statement.data && <StatementView statement={statement.data} />}
    </Stack>
  );
}
