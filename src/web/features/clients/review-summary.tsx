import { Badge, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TClientDetail } from '../../../core/api/clients.ts';
import { addressLine } from '../../../core/cases/cases.ts';

function Rows({ rows }: { rows: [string, string | null | undefined][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}><Text size="sm" c="dimmed">{label}</Text></Table.Th>
            <Table.Td>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What has been saved so far, checked once more before the client becomes complete. */
export function ReviewSummary({ detail }: { detail: TClientDetail }) {
  const kase = detail.cases[0];
  const project = kase?.projects[0];
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Stack gap={4}>
        <Title order={4}>Client</Title>
        <Rows rows={[
          ['Type', detail.isBusinessClient ? 'Business' : 'Personal'], ['Name', detail.name], ['Contact name', detail.contactName],
          ['Last name', detail.lastName], ['E-mail', detail.email], ['Phone', detail.phone],
        ]} />
      </Stack>
      <Stack gap={4}>
        <Title order={4}>Case</Title>
        <Rows rows={[
          ['File number', kase?.fileNumber], ['Case name', kase?.caseName],
          ['Attorney', kase?.attorneyName ? `${kase.attorneyName}${kase.lawFirmName ? ` — ${kase.lawFirmName}` : ''}` : null],
          ['Rate code', kase?.rateCode ? `${kase.rateCode.name} (${kase.rateCode.code})` : null],
        ]} />
      </Stack>
      <Stack gap={4}>
        <Title order={4}>First project {project?.isPrimaryProject && <Badge ml="xs">Primary</Badge>}</Title>
        <Rows rows={[
          ['Project number', project?.projectNumber], ['Project name', project?.displayName],
          ['Property address', project ? addressLine(project.propertyAddress, project.propertyCityStateZip) : null],
          ['Project type', project?.projectType], ['Building type', project?.buildingType],
        ]} />
      </Stack>
    </SimpleGrid>
  );
}
