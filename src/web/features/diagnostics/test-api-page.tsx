import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/transport.ts';

interface Check {
  name: string;
  path: string;
  status: 'ok' | 'failed' | 'pending';
  detail: string;
  ms?: number;
}

const CHECKS = [
  { name: 'Server and database', path: '/api/health' },
  { name: 'Public configuration', path: '/api/config' },
  { name: 'Your session', path: '/api/auth/session' },
];

/** /test-api: checks the API from this browser; open without signing in (SPEC §2). */
export default function TestApiPage() {
  const [checks, setChecks] = useState<Check[]>([]);
  const run = async () => {
    setChecks(CHECKS.map((c) => ({ ...c, status: 'pending', detail: '' })));
    for (const [i, c] of CHECKS.entries()) {
      const started = performance.now();
      const result: Check = await api<unknown>(c.path)
        .then((body) => ({ ...c, status: 'ok' as const, detail: JSON.stringify(body) }))
        .catch((e) => ({ ...c, status: 'failed' as const, detail: e instanceof ApiError ? `${e.status} ${e.code}: ${e.message}` : String(e) }));
      result.ms = Math.round(performance.now() - started);
      setChecks((prev) => prev.map((p, j) => (j === i ? result : p)));
    }
  };
  return (
    <Paper p="lg" withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2}>API diagnostics</Title>
          <Button onClick={() => void run()}>Run checks</Button>
        </Group>
        <Text c="dimmed" size="sm">Calls the Casebook API from this browser and shows what it answers.</Text>
        {checks.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Check</Table.Th><Table.Th>Result</Table.Th><Table.Th>Time</Table.Th><Table.Th>Answer</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checks.map((c) => (
                <Table.Tr key={c.path}>
                  <Table.Td>{c.name} <Code>{c.path}</Code></Table.Td>
                  <Table.Td><Badge color={c.status === 'ok' ? 'green' : c.status === 'failed' ? 'red' : 'gray'}>{c.status}</Badge></Table.Td>
                  <Table.Td>{c.ms !== undefined ? `${c.ms} ms` : ''}</Table.Td>
                  <Table.Td><Text size="xs" style={{ wordBreak: 'break-all' }}>{c.detail}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
