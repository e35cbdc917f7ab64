import { Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { awaitsTag } from '../../../core/evidence/evidence-local.ts';
import { useUser } from '../../shared/auth.tsx';
import { downloadFile } from '../../lib/download.ts';
import { reportError } from '../../lib/error-store.ts';
import { caseCustodyUrl, caseLabelsUrl, keepCaseItemsForOffline, setNoticeDays, useCaseEvidence, useEvidenceAnswers, useInvalidateEvidence } from './api.ts';
import { CollectModal, type CaseOf } from './collect-modal.tsx';
import { useQuerySettled } from '../../ui/settle-together.tsx';

/**
 * The case page's evidence: its items (tag, what, where, who holds it), collecting one, the label
 * sheet and the custody report. While it is open the case's items are kept on the device, so their
 * labels open without a connection.
 */
export function EvidenceSection({ caseOf }: { caseOf: CaseOf }) {
  const caseId = caseOf.id;
  const user = useUser();
  const evidence = useCaseEvidence(caseId);
  useQuerySettled(evidence);
  const [collecting, setCollecting] = useState(false);
  const invalidate = useInvalidateEvidence();
  const items = evidence.data?.items ?? [];
  const listed = evidence.isSuccess;
  useEffect(() => {
    if (listed) void keepCaseItemsForOffline(caseId);
  }, [caseId, listed]);
  useEvidenceAnswers();
  const saveNoticeDays = (days: number) => void setNoticeDays(caseId, days).then(invalidate, reportError);
  const download = (path: string, name: string) => void downloadFile(path, name).catch(reportError);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="evidence-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} id="evidence-title">Evidence</Title>
          <Group gap="xs">
            {items.length > 0 && <Button size="xs" variant="default" onClick={() => download(caseLabelsUrl(caseId), 'Evidence-labels.pdf')}>Label sheet</Button>}
            {items.length > 0 && <Button size="xs" variant="default" onClick={() => download(caseCustodyUrl(caseId), 'Custody.pdf')}>Custody report</Button>}
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCollecting(true)}>Collect item</Button>
          </Group>
        </Group>
        {evidence.data && (user.isAdmin ? (
          <NumberInput label="Notice before destructive testing (days)" min={0} max={365} w={280} key={evidence.data.noticeDays}
            defaultValue={evidence.data.noticeDays} onBlur={(e) => {
              const days = Number(e.currentTarget.value);
              if (Number.isInteger(days) && days >= 0 && days <= 365 && days !== evidence.data?.noticeDays) saveNoticeDays(days);
            }} />
        ) : <Text size="sm" c="dimmed">Notice before destructive testing: {evidence.data.noticeDays} days</Text>)}
        {items.length === 0 ? <Text c="dimmed">No evidence collected for this case.</Text> : (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>Tag</Table.Th><Table.Th>Description</Table.Th><Table.Th>Location</Table.Th><Table.Th>Custodian</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Link to={`/evidence/${item.id}`}>{item.tag}</Link>
                      {/* Whole, never cut to "WAITI…" by a narrow column on a phone: the table scrolls instead. */}
                      {item.status !== 'open' && <Badge ml={4} size="xs" color="gray" miw="max-content">{item.status}</Badge>}
                      {awaitsTag(item) && <Badge ml={4} size="xs" color="orange" miw="max-content">Waiting to be sent</Badge>}
                    </Table.Td>
                    <Table.Td>{item.description}</Table.Td>
                    <Table.Td>{item.location}</Table.Td>
                    <Table.Td>{item.custodian}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {collecting && (
        <CollectModal caseOf={caseOf} user={user} onClose={() => setCollecting(false)} onCollected={() => setCollecting(false)} />
      )}
    </Paper>
  );
}
