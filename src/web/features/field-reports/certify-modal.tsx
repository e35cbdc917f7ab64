import { Alert, Button, Group, Image, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CERTIFICATION_TEXT } from '../../../core/field-reports/field-reports.ts';
import type { TFieldReport } from '../../../core/api/field-reports.ts';
import { ApiError } from '../../lib/transport.ts';
import { SignaturePad } from '../../ui/signature-pad.tsx';
import { certifyReport, reviewReport, useMySignature } from './api.ts';

/** What the signature is for: the inspector's certification, or a second engineer's review (docs/decisions/142). */
const PURPOSES = {
  certify: {
    title: 'Certify report', action: 'Sign and certify', send: certifyReport,
    note: 'Once certified, the report and its PDF cannot change; later changes make a new revision.',
    failed: 'The report could not be certified. Please try again.',
  },
  review: {
    title: 'Review report', action: 'Sign off review', send: reviewReport,
    note: 'You sign that you reviewed the report as it is now. A later change to it needs a new review before it is certified.',
    failed: 'The review could not be signed. Please try again.',
  },
} as const;

/**
 * The inspector signs with their stored signature or one drawn here, and the report becomes
 * read-only; or a second engineer signs the review of the report as it is.
 */
export function CertifyModal({ report, opened, onClose, onCertified, offline, onQueue, purpose = 'certify' }: {
  report: TFieldReport; opened: boolean; onClose(): void; onCertified(report: TFieldReport): void;
  /** Offline, or changes wait: the certification waits in the queue after them (docs/decisions/102). A review is signed online. */
  offline: boolean; onQueue(drawnSignature?: string): Promise<void>;
  purpose?: keyof typeof PURPOSES;
}) {
  const words = PURPOSES[purpose];
  const signature = useMySignature();
  const stored = signature.data?.hasSignature ?? false;
  const [mode, setMode] = useState<'stored' | 'draw' | null>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const using = mode ?? (stored ? 'stored' : 'draw');
  // Until the answer says whether a saved signature exists, neither choice shows: a pad that gave way
  // to the saved signature a moment later would take the first strokes with it.
  const asking = signature.isPending;

  const certify = async () => {
    setBusy(true);
    setError(null);
    try {
      if (offline) return await onQueue(using === 'draw' && drawn ? drawn : undefined);
      onCertified(await words.send(report.id, { version: report.version, ...(using === 'draw' && drawn ? { drawnSignature: drawn } : {}) }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : words.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} size="lg" title={<Text fw={700}>{words.title} {report.displayNumber}</Text>}>
      <Stack gap="sm">
        {purpose === 'certify' && <Text size="sm">{CERTIFICATION_TEXT}</Text>}
        <Text size="sm" c="dimmed">{words.note}</Text>
        {offline && <Text size="sm" c="blue.8">No connection: the certification waits on this device and is sent after your changes.</Text>}
        {asking ? <Group gap="xs"><Loader size="xs" /><Text size="sm" c="dimmed">Looking for your saved signature...</Text></Group> : (
          <>
            {stored && (
              <SegmentedControl value={using} onChange={(v) => setMode(v as 'stored' | 'draw')}
                data={[{ value: 'stored', label: 'My saved signature' }, { value: 'draw', label: 'Draw a signature' }]} />
            )}
            {using === 'stored' && stored && (
              <Image src={`/api/me/signature/image?v=${encodeURIComponent(signature.data?.updatedAt ?? '')}`} alt="My signature" h={80} w="auto" fit="contain" maw={320} />
            )}
            {using === 'draw' && <SignaturePad onChange={setDrawn} />}
          </>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button onClick={() => void certify()} loading={busy} disabled={asking || (using === 'draw' && !drawn)}>{words.action}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
