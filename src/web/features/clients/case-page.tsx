import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { TCaseDetail, TProject } from '../../../core/api/clients.ts';
import { addressLine, clientLabel } from '../../../core/cases/cases.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useUser } from '../../shared/auth.tsx';
import { reportError } from '../../lib/error-store.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { ProjectModal } from './add-project-form.tsx';
import { deleteCase, deleteProject, makePrimary, useCase, useInvalidateClients } from './api.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { STATUS_LABELS } from './forms.ts';
import { ClientEditModal } from './client-edit-modal.tsx';
import { CaseEditModal } from './case-edit-modal.tsx';
import { HistoryPanel } from '../../shared/history/history-panel.tsx';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { ConflictNotice } from './conflict-notice.tsx';

// The parties, the conflict check and the engagement come once the case has painted (the first-load budget).
const PartiesSection = lazy(() => import('./parties-section.tsx').then((m) => ({ default: m.PartiesSection })));
const ConflictPanel = lazy(() => import('./conflict-panel.tsx').then((m) => ({ default: m.ConflictPanel })));
const EvidenceSection = lazy(() => import('../evidence/index.ts').then((m) => ({ default: m.EvidenceSection })));
const EngagementSection = lazy(() => import('../engagement/index.ts').then((m) => ({ default: m.EngagementSection })));
const CaseDeadlinesSection = lazy(() => import('../deadlines/index.ts').then((m) => ({ default: m.CaseDeadlinesSection })));
const BudgetsSection = lazy(() => import('../budgets/index.ts').then((m) => ({ default: m.BudgetsSection })));
const TestimonySection = lazy(() => import('../testimony/index.ts').then((m) => ({ default: m.TestimonySection })));
// A super admin's money sections: fetched once the page has painted, like the sections above.
const CustomRatesEditor = lazy(() => import('./custom-rates-editor.tsx').then((m) => ({ default: m.CustomRatesEditor })));
const CaseFeeRules = lazy(() => import('./case-fee-rules.tsx').then((m) => ({ default: m.CaseFeeRules })));
const RetainerSection = lazy(() => import('../billing/index.ts').then((m) => ({ default: m.RetainerSection })));
import { SIDE_LABELS } from '../../../core/cases/conflict-sides.ts';
import { SettleTogether } from '../../ui/settle-together.tsx';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text>{children}</Text>
    </div>
  );
}

function ProjectDialog({ kase, projectId, onClose }: { kase: TCaseDetail; projectId?: string; onClose(): void }) {
  const project = kase.projects.find((p) => p.id === projectId);
  if (projectId && !project) return null;
  return (
    <ProjectModal caseId={kase.id} project={project} firstOfCase={kase.projects.length === 0}
      title={project ? `Edit project ${project.projectNumber}` : 'New project'}
      submitLabel={project ? 'Save project' : 'Create project'} onDone={onClose} onClose={onClose} />
  );
}

/** /case/{id}: the case, its client, attorney, rate code, address and projects. */
export default function CasePage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const user = useUser();
  const painted = useAfterPaint();
  const kase = useCase(id);
  const invalidate = useInvalidateClients();
  const [editing, setEditing] = useState(false);
  const [editingClient, setEditingClient] = useState(false);
  // The project being edited, by id: after a reload (an edit conflict) the dialog edits the fresh row.
  const [projectModal, setProjectModal] = useState<{ projectId?: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<{ project?: TProject } | null>(null);
  const navigate = useNavigate();

  if (kase.isLoading) return <LoadingOverlay />;
  if (!kase.data) return <Paper withBorder p="xl"><Text>This case could not be found.</Text></Paper>;
  const c = kase.data;

  const setPrimary = async (p: TProject) => {
    try {
      await makePrimary(p.id);
      await invalidate();
    } catch (error) {
      reportError(error, { screen: 'case', action: 'make-primary' });
    }
  };

  // The server refuses what time, expenses or action items still refer to (SPEC §8 23503 text).
  const remove = async (target: { project?: TProject }) => {
    setConfirmDelete(null);
    try {
      if (target.project) await deleteProject(target.project.id);
      else await deleteCase(c.id);
      await invalidate();
      if (!target.project) navigate('/existing-clients?by=case');
    } catch (error) {
      reportError(error, { screen: 'case', action: target.project ? 'delete-project' : 'delete-case' });
    }
  };

  return (
    <Stack gap="lg">
      {notice && <Alert color="teal" title="Saved">{notice}</Alert>}
      <ConflictNotice caseId={c.id} />
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text c="dimmed" size="sm">Case</Text>
            <Title order={2}>{c.fileNumber}{c.caseName ? ` — ${c.caseName}` : ''}</Title>
          </div>
          {user.isAdmin && (
            <Group gap="xs">
              <Button leftSection={<IconEdit size={16} />} variant="light" onClick={() => setEditing(true)}>Edit case</Button>
              <Button leftSection={<IconTrash size={16} />} variant="subtle" color="red" onClick={() => setConfirmDelete({})}>Delete case</Button>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
          <Fact label="Client">
            {clientLabel(c.client)}
            {user.isAdmin && <Anchor component="button" size="sm" ml="xs" onClick={() => setEditingClient(true)}>Edit client</Anchor>}
          </Fact>
          <Fact label="Attorney">{c.attorneyName ? `${c.attorneyName}${c.lawFirmName ? ` — ${c.lawFirmName}` : ''}` : '—'}</Fact>
          <Fact label="Rate code">{c.rateCode ? `${c.rateCode.name} (${c.rateCode.code})` : '—'}</Fact>
          <Fact label="Case address"><span data-testid="case-address">{c.address || '—'}</span></Fact>
          <Fact label="Projects"><span data-testid="project-count">{c.projectCount}</span></Fact>
          <Fact label="Retained by">{c.retainedSide ? SIDE_LABELS[c.retainedSide] : '—'}</Fact>
          <Fact label="Date of loss">{c.dateOfLoss ? formatUsDate(c.dateOfLoss) : '—'}</Fact>
          <Fact label="Claim / policy number">{[c.claimNumber, c.policyNumber].filter(Boolean).join(' / ') || '—'}</Fact>
          {c.client.completionPercentage < 100 && (
            <Fact label="Client status">
              Draft ({c.client.completionPercentage}%) — <Anchor component={Link} to={`/clients/new?draft=${c.client.id}`}>finish it</Anchor>
            </Fact>
          )}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={3}>Projects</Title>
          {user.isAdmin && <Button leftSection={<IconPlus size={16} />} onClick={() => setProjectModal({})}>Add project</Button>}
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-label="Projects">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Project number</Table.Th><Table.Th>Name</Table.Th><Table.Th>Property address</Table.Th>
                <Table.Th>Type</Table.Th><Table.Th>Status</Table.Th><Table.Th miw={120}>Primary</Table.Th><Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.projects.length === 0 && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed">No projects yet.</Text></Table.Td></Table.Tr>}
              {c.projects.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td><Anchor component={Link} to={`/project/${p.id}`}>{p.projectNumber}</Anchor></Table.Td>
                  <Table.Td>{p.displayName}</Table.Td>
                  <Table.Td>{addressLine(p.propertyAddress, p.propertyCityStateZip) || '—'}</Table.Td>
                  <Table.Td>{[p.projectType, p.buildingType].filter(Boolean).join(' · ') || '—'}</Table.Td>
                  <Table.Td>{STATUS_LABELS[p.status]}</Table.Td>
                  <Table.Td>
                    {p.isPrimaryProject
                      ? <Badge leftSection={<IconStar size={12} />} style={{ flexShrink: 0 }} miw={96}>Primary</Badge>
                      : user.isAdmin && (
                        <Button size="xs" variant="subtle" onClick={() => setPrimary(p)} aria-label={`Make primary ${p.projectNumber}`}>Make primary</Button>
                      )}
                  </Table.Td>
                  <Table.Td>
                    {user.isAdmin && (
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button size="xs" variant="light" onClick={() => setProjectModal({ projectId: p.id })} aria-label={`Edit ${p.projectNumber}`}>Edit</Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDelete({ project: p })}
                          aria-label={`Delete ${p.projectNumber}`}>Delete</Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {painted && (
        <Suspense fallback={null}>
          <SettleTogether>
            <CaseDeadlinesSection caseId={c.id} canEdit={user.isAdmin} />
            <BudgetsSection caseId={c.id} projects={c.projects} />
            <PartiesSection caseId={c.id} canEdit={user.isAdmin} />
            <ConflictPanel caseId={c.id} canEdit={user.isAdmin} />
            <EngagementSection caseId={c.id} fileNumber={c.fileNumber} />
            <EvidenceSection caseOf={{ id: c.id, fileNumber: c.fileNumber, name: c.caseName ?? '' }} />
            <TestimonySection caseId={c.id} retainedSide={c.retainedSide} canEdit={user.isAdmin} superAdmin={user.isSuperAdmin}
              projects={[...c.projects].sort((a, b) => Number(b.isPrimaryProject) - Number(a.isPrimaryProject))
                .map((p) => ({ id: p.id, label: `${p.projectNumber} ${p.displayName}` }))} />
          </SettleTogether>
        </Suspense>
      )}
      {painted && user.isSuperAdmin && (
        <Suspense fallback={null}>
          <SettleTogether>
            <CustomRatesEditor caseId={c.id} />
            <CaseFeeRules caseId={c.id} />
            <RetainerSection caseId={c.id} />
          </SettleTogether>
        </Suspense>
      )}

      <ConfirmModal
        opened={confirmDelete !== null}
        question={confirmDelete?.project
          ? `Delete project ${confirmDelete.project.projectNumber}? This cannot be undone.`
          : `Delete case ${c.fileNumber}? Only a case without projects can be deleted.`}
        confirmLabel={confirmDelete?.project ? 'Delete project' : 'Delete case'}
        onYes={() => confirmDelete && remove(confirmDelete)}
        onNo={() => setConfirmDelete(null)}
      />
      <HistoryPanel table="cases" id={c.id} />
      {editingClient && <ClientEditModal clientId={c.client.id} onClose={() => setEditingClient(false)} />}
      {editing && <CaseEditModal kase={c} onClose={() => setEditing(false)} />}
      {projectModal && <ProjectDialog kase={c} projectId={projectModal.projectId} onClose={() => setProjectModal(null)} />}
    </Stack>
  );
}
