import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconDownload, IconSignature, IconTrash, IconVersions } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { PDF_FAILED_MESSAGE } from '../../../core/action-items-report.ts';
import { ATTACHMENT_KINDS, fieldLabel } from '../../../core/field-reports/field-reports.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { ApiError } from '../../lib/transport.ts';
import { downloadFile } from '../../lib/download.ts';
import { newId } from '../../lib/new-id.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { deleteReport, keepProjectsForOffline, pdfUrl, reviseReport, storeReport, useFieldReportSettings } from './api.ts';
import { ReviewStatus } from './review-status.tsx';
import { DetailsSection } from './details-section.tsx';
import { KeptDraftsAlert } from './kept-drafts-alert.tsx';
import { SaveStatus, StatusBadge } from './save-status.tsx';
import {
  FindingsSection, HabitabilitySection, MeasuresSection, NotesSection, PartiesSection, ProjectInfoSection, TestingSection,
} from './sections.tsx';
import { editableOf, useAutosave } from './use-autosave.ts';
import { certifyKey } from '../../../core/field-reports/field-change.ts';
import { FieldConflicts } from './field-conflicts.tsx';
import { discardLocal } from './offline-create.ts';
import { conflictsIn, queueCertify } from './field-queue.ts';
import { useKeptDrafts } from './use-kept-drafts.ts';
import { ShareWithClient } from './share-links.tsx';
import { firmDate } from '../../../core/dates/firm-clock.ts';
import { awaitsNumber } from '../../../core/field-reports/new-field-report.ts';

// Photos, diagrams and readings end the form: their code (the drop zone, the photo tools) comes after the first paint.
const AttachmentsPanel = lazy(() => import('./attachments-panel.tsx').then((m) => ({ default: m.AttachmentsPanel })));
const CertifyModal = lazy(() => import('./certify-modal.tsx').then((m) => ({ default: m.CertifyModal })));

/** Scrolls to a field by its path (`data-field`) and puts the cursor in it. */
function showField(path: string) {
  const field = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(path)}"]`);
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/** The editor of one report (a revision): auto-saved while a draft, read-only once certified. */
export function EditorScreen({ report }: { report: TFieldReport }) {
  const user = useUser();
  const timeZone = useFirmTimeZone();
  const navigate = useNavigate();
  const client = useQueryClient();
  const readOnly = report.status !== 'draft';
  const local = awaitsNumber(report);
  const kept = useKeptDrafts({ userId: user.id, reportId: report.id, opened: editableOf(report), readOnly });
  const save = useAutosave(report, kept.listener, user.id);
  const { queued } = save;
  const conflicts = conflictsIn(queued);
  const certifyWaits = queued.some((i) => i.key === certifyKey(report.id));
  const [signing, setSigning] = useState<'certify' | 'review' | null>(null);
  const rule = useFieldReportSettings().data;
  // The attachments' and the certify dialog's code (Mantine's Modal) are fetched once the editor has painted.
  const dialogsReady = useAfterPaint();
  // So that a report can be created here later without signal too (108).
  useEffect(() => {
    if (dialogsReady) void keepProjectsForOffline();
  }, [dialogsReady]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Changes in the queue are kept in the browser: leaving the page loses nothing.
  useUnsavedChanges(!readOnly && save.state !== 'saved' && save.state !== 'queued' && save.state !== 'saving');

  const { setBlocked } = save;
  const dateValidity = useCallback((path: string) => (ok: boolean) => setBlocked(path, !ok), [setBlocked]);
  const onContent = (update: (c: TFieldReport['content']) => TFieldReport['content']) =>
    save.setDraft((d) => ({ ...d, content: update(d.content) }));
  // A change the server refused (a rule of its field) is named at the field.
  const problems = Object.fromEntries(save.refused.map((r) => [r.path, r.message]));
  const locked = readOnly || certifyWaits;
  const sectionProps = { content: save.draft.content, onChange: onContent, readOnly: locked, problems };
  const named = save.state === 'blocked' ? save.blocked : save.refused.map((r) => r.path);

  // A new refusal takes the user to the field, unless they are typing in another one.
  const refusedPaths = save.refused.map((r) => r.path).join('\n');
  useEffect(() => {
    const first = refusedPaths.split('\n')[0];
    const active = document.activeElement;
    if (first && !(active instanceof HTMLElement && active.matches('input, textarea, select'))) showField(first);
  }, [refusedPaths]);

  const downloadPdf = async () => {
    setFailure(null);
    setBusy(true);
    try {
      // The PDF is made from what the server has: this report's changes are sent first.
      if (!readOnly) await save.flush().then(save.sent);
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
      // A report still waiting to be created is deleted where it is: its create and edits leave the queue.
      if (local) await discardLocal(report.id, user.id);
      else await deleteReport(report.id);
      kept.dropAll();
      client.removeQueries({ queryKey: ['field-reports', 'one', report.id] });
      void client.invalidateQueries({ queryKey: ['field-reports', 'list'] });
      navigate('/field-reports', { replace: true });
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : 'The report could not be deleted. Please try again.');
    }
  };
  const canCertify = !report.inspectorId || save.draft.inspectorId === user.id;
  // A second engineer's review (docs/decisions/142): anyone but the inspector, online, of the saved report.
  const canReview = !local && report.inspectorId !== user.id && save.draft.inspectorId !== user.id;
  const settled = save.state === 'saved' || save.state === 'queued';
  const latest = report.revisions.at(-1);

  return (
    <Stack gap="md" className="field-report-editor">
      <Paper withBorder p="md" className="field-report-bar">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3">{local ? 'New Field Report' : `Field Report ${report.displayNumber}`}</Title>
              <StatusBadge status={report.status} />
            </Group>
            <Text size="sm" c="dimmed">{report.projectLabel}</Text>
          </div>
          <Group gap="sm">
            {!readOnly && <SaveStatus state={save.state} fields={named.map(fieldLabel)} onShow={() => named[0] && showField(named[0])} />}
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadPdf()} loading={busy}>PDF</Button>
            {!readOnly && (
              <Button leftSection={<IconSignature size={16} />} disabled={!canCertify || !settled || certifyWaits}
                title={canCertify ? undefined : 'Only the inspector named on the report can certify it'}
                onClick={() => setSigning('certify')}>Certify</Button>
            )}
            {!readOnly && canReview && (
              <Button variant="default" leftSection={<IconClipboardCheck size={16} />} disabled={save.state !== 'saved' || certifyWaits}
                title={save.state === 'saved' ? undefined : 'The review is signed once every change is saved'}
                onClick={() => setSigning('review')}>Review</Button>
            )}
            {!readOnly && report.revision === 0 && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)}>Delete draft</Button>
            )}
            <ShareWithClient report={report} />
            {report.status === 'certified' && (
              <Button leftSection={<IconVersions size={16} />} onClick={() => void startRevision()} loading={busy}>New revision</Button>
            )}
          </Group>
        </Group>
      </Paper>
      {!readOnly && <KeptDraftsAlert drafts={kept.offer} onRestore={(fields) => kept.restore(fields, save.setDraft)} onDiscard={kept.discard} />}
      {!readOnly && <FieldConflicts conflicts={conflicts} onKeep={(c, which) => void save.settle(c, which)} />}
      {!local && <ReviewStatus report={report} required={rule?.requireReview ?? false} timeZone={timeZone} />}
      {certifyWaits && !readOnly && (
        <Alert color="blue" role="status" title="Certification waits to be sent">
          Signed on this device. The report is certified once your changes have reached the server; it cannot be changed meanwhile.
        </Alert>
      )}
      {save.state === 'refused' && !save.refused.length && <Alert color="red" role="alert">{save.message}</Alert>}
      {failure && <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>{failure}</Alert>}
      {readOnly && (
        <Alert color={report.status === 'certified' ? 'teal' : 'gray'}>
          {report.status === 'certified'
            ? `Certified by ${report.certifiedByName} on ${firmDate(report.certifiedAt ?? '', timeZone)}. This report is read-only; start a new revision to change it.`
            : <>This revision was replaced by a later one. {latest && <Anchor component={Link} to={`/field-reports/${latest.id}`}>Open {latest.displayNumber}</Anchor>}</>}
        </Alert>
      )}
      {report.revisions.length > 1 && (
        <Text size="sm">Revisions: {report.revisions.map((r, i) => (
          <span key={r.id}>{i > 0 && ' · '}{r.id === report.id ? <b>{r.displayNumber}</b> : <Anchor component={Link} to={`/field-reports/${r.id}`}>{r.displayNumber}</Anchor>}</span>
        ))}</Text>
      )}
      <DetailsSection report={report} draft={save.draft} onChange={save.setDraft} readOnly={locked} problems={problems}
        onDateValidity={dateValidity('/date')} />
      <ProjectInfoSection {...sectionProps} />
      <PartiesSection {...sectionProps} />
      <FindingsSection {...sectionProps} />
      <MeasuresSection {...sectionProps} />
      <TestingSection {...sectionProps} />
      <HabitabilitySection {...sectionProps} onDateValidity={dateValidity('/content/timeline/returnOn')} />
      <NotesSection {...sectionProps} />
      {dialogsReady && (
        <Suspense fallback={null}>
          {ATTACHMENT_KINDS.map((kind) => (
            <AttachmentsPanel key={kind} reportId={report.id} kind={kind} images={report[kind]} readOnly={locked} />
          ))}
        </Suspense>
      )}
      <ConfirmModal opened={confirmDelete} question={local ? 'Delete this new report and its attachments? It has not been sent yet.' : `Delete draft report ${report.displayNumber} and its attachments?`}
        confirmLabel="Delete report" onNo={() => setConfirmDelete(false)} onYes={() => void removeDraft()} />
      {dialogsReady && (
        <Suspense fallback={null}>
          <CertifyModal key={signing ?? 'closed'} purpose={signing ?? 'certify'} report={{ ...report, version: save.savedVersion() }}
            opened={signing !== null} onClose={() => setSigning(null)}
            offline={signing === 'certify' && (save.state === 'queued' || !navigator.onLine)}
            onQueue={(drawnSignature) => queueCertify({ report, userId: user.id, version: save.savedVersion(), drawnSignature })
              .then(() => setSigning(null))}
            onCertified={(signed) => {
              setSigning(null);
              storeReport(client, signed);
            }} />
        </Suspense>
      )}
    </Stack>
  );
}
