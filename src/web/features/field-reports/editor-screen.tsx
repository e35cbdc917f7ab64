import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconSignature, IconTrash, IconVersions } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { PDF_FAILED_MESSAGE } from '../../../core/action-items-report.ts';
import { ATTACHMENT_KINDS } from '../../../core/field-reports.ts';
import { useUser } from '../../app/auth.tsx';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { newId } from '../../lib/new-id.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { deleteReport, pdfUrl, reviseReport, storeReport } from './api.ts';
import { CertifyModal } from './certify-modal.tsx';
import { AttachmentsPanel } from './attachments-panel.tsx';
import { DetailsSection } from './details-section.tsx';
import { ConflictAlert, SaveStatus, StatusBadge } from './save-status.tsx';
import {
  FindingsSection, HabitabilitySection, MeasuresSection, NotesSection, PartiesSection, ProjectInfoSection, TestingSection,
} from './sections.tsx';
import { useAutosave } from './use-autosave.ts';

/** The editor of one report (a revision): auto-saved while a draft, read-only once certified. */
export function EditorScreen({ report }: { report: TFieldReport }) {
  const user = useUser();
  const navigate = useNavigate();
  const client = useQueryClient();
  const save = useAutosave(report);
  const readOnly = report.status !== 'draft';
  const [certifying, setCertifying] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const invalidDates = useRef(new Set<string>());
  useUnsavedChanges(!readOnly && save.state !== 'saved');

  const { setBlocked } = save;
  const dateValidity = useCallback((field: string) => (ok: boolean) => {
    if (ok) invalidDates.current.delete(field);
    else invalidDates.current.add(field);
    setBlocked(invalidDates.current.size > 0);
  }, [setBlocked]);
  const onContent = (update: (c: TFieldReport['content']) => TFieldReport['content']) =>
    save.setDraft((d) => ({ ...d, content: update(d.content) }));
  const sectionProps = { content: save.draft.content, onChange: onContent, readOnly };

  const downloadPdf = async () => {
    setFailure(null);
    setBusy(true);
    try {
      if (!readOnly) await save.flush();
      await downloadFile(pdfUrl(report.id), report.fileName);
    } catch {
      setFailure(PDF_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  const startRevision = async () => {
    setBusy(true);
    try {
      const revision = await reviseReport(report.id, newId());
      storeReport(client, revision);
      navigate(`/field-reports/${revision.id}`);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : 'The revision could not be started. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const removeDraft = async () => {
    setConfirmDelete(false);
    try {
      await deleteReport(report.id);
      client.removeQueries({ queryKey: ['field-reports', 'one', report.id] });
      navigate('/field-reports', { replace: true });
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : 'The report could not be deleted. Please try again.');
    }
  };
  const canCertify = !report.inspectorId || save.draft.inspectorId === user.id;
  const latest = report.revisions.at(-1);

  return (
    <Stack gap="md" className="field-report-editor">
      <Paper withBorder p="md" className="field-report-bar">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3">Field Report {report.displayNumber}</Title>
              <StatusBadge status={report.status} />
            </Group>
            <Text size="sm" c="dimmed">{report.projectLabel}</Text>
          </div>
          <Group gap="sm">
            {!readOnly && <SaveStatus state={save.state} />}
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadPdf()} loading={busy}>PDF</Button>
            {!readOnly && (
              <Button leftSection={<IconSignature size={16} />} disabled={!canCertify || save.state !== 'saved'}
                title={canCertify ? undefined : 'Only the inspector named on the report can certify it'}
                onClick={() => setCertifying(true)}>Certify</Button>
            )}
            {!readOnly && report.revision === 0 && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)}>Delete draft</Button>
            )}
            {report.status === 'certified' && (
              <Button leftSection={<IconVersions size={16} />} onClick={() => void startRevision()} loading={busy}>New revision</Button>
            )}
          </Group>
        </Group>
      </Paper>
      {save.state === 'refused' && <Alert color="red" role="alert">{save.message}</Alert>}
      {save.state === 'conflict' && save.theirs && (
        <ConflictAlert theirsBy="" onTakeTheirs={save.takeTheirs} onKeepMine={save.keepMine} />
      )}
      {failure && <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>{failure}</Alert>}
      {readOnly && (
        <Alert color={report.status === 'certified' ? 'teal' : 'gray'}>
          {report.status === 'certified'
            ? `Certified by ${report.certifiedByName} on ${new Date(report.certifiedAt ?? '').toLocaleDateString('en-US')}. This report is read-only; start a new revision to change it.`
            : <>This revision was replaced by a later one. {latest && <Anchor component={Link} to={`/field-reports/${latest.id}`}>Open {latest.displayNumber}</Anchor>}</>}
        </Alert>
      )}
      {report.revisions.length > 1 && (
        <Text size="sm">Revisions: {report.revisions.map((r, i) => (
          <span key={r.id}>{i > 0 && ' · '}{r.id === report.id ? <b>{r.displayNumber}</b> : <Anchor component={Link} to={`/field-reports/${r.id}`}>{r.displayNumber}</Anchor>}</span>
        ))}</Text>
      )}
      <DetailsSection report={report} draft={save.draft} onChange={save.setDraft} readOnly={readOnly} onDateValidity={dateValidity('date')} />
      <ProjectInfoSection {...sectionProps} />
      <PartiesSection {...sectionProps} />
      <FindingsSection {...sectionProps} />
      <MeasuresSection {...sectionProps} />
      <TestingSection {...sectionProps} />
      <HabitabilitySection {...sectionProps} onDateValidity={dateValidity('returnOn')} />
      <NotesSection {...sectionProps} />
      {ATTACHMENT_KINDS.map((kind) => (
        <AttachmentsPanel key={kind} reportId={report.id} kind={kind} images={report[kind]} readOnly={readOnly} />
      ))}
      <ConfirmModal opened={confirmDelete} question={`Delete draft report ${report.displayNumber} and its attachments?`}
        confirmLabel="Delete report" onNo={() => setConfirmDelete(false)} onYes={() => void removeDraft()} />
      <CertifyModal report={{ ...report, version: save.savedVersion() }} opened={certifying} onClose={() => setCertifying(false)}
        onCertified={(certified) => {
          setCertifying(false);
          storeReport(client, certified);
        }} />
    </Stack>
  );
}
