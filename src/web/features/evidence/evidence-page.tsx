import { Alert, Anchor, Badge, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TChainVerdict, TEvidenceItem } from '../../../core/api/evidence.ts';
import { CUSTODY_KIND_LABEL, DERIVATION_LABEL, type CustodyKind, type Derivation } from '../../../core/evidence/evidence.ts';
import { awaitsTag } from '../../../core/evidence/evidence-local.ts';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone, useUser } from '../../shared/auth.tsx';
import { useWaitingIn } from '../../shared/offline/use-outbox.ts';
import { downloadFile } from '../../lib/download.ts';
import { reportError } from '../../lib/error-store.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import {
  evidenceScope, itemCustodyUrl, itemLabelsUrl, photoUrl, queuePhoto, signatureUrl, useEvidenceAnswers, useEvidenceItem, verifyChain,
} from './api.ts';
import { CloseModal } from './close-modal.tsx';
import { PickPhotoModal } from './pick-photo-modal.tsx';
import { TestsSection } from './tests-section.tsx';
import { TransferModal } from './transfer-modal.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** /evidence/{id}: one item, where a label's QR code leads: its facts, its chain, Transfer in one tap, Verify chain. */
export default function EvidencePage() {
  const { id = '' } = useParams();
  const item = useEvidenceItem(UUID.test(id) ? id : '00000000-0000-4000-8000-000000000000');
  if (item.isLoading) return <LoadingOverlay />;
  if (!item.data) return <Paper withBorder p="xl"><Text>This evidence item could not be found.</Text></Paper>;
  return <ItemScreen item={item.data} />;
}

function ItemScreen({ item }: { item: TEvidenceItem }) {
  const user = useUser();
  const zone = useFirmTimeZone();
  const waiting = useWaitingIn(evidenceScope(item.id));
  const [transfer, setTransfer] = useState<null | { correcting: { id: string; seq: number } | null }>(null);
  const [verdict, setVerdict] = useState<TChainVerdict | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'pick' | 'close' | null>(null);
  const open = item.status === 'open';
  // Collected on this device and not yet sent: moved and photographed through the outbox, but nothing the server must answer now.
  const local = awaitsTag(item);
  const when = (iso: string) => firmDateTime(iso, zone);
  useEvidenceAnswers();
  const download = (path: string, name: string) => void downloadFile(path, name).catch(reportError);
  const verify = async () => {
    setBusy(true);
    try {
      setVerdict(await verifyChain(item.id));
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | null) => file && void queuePhoto({ userId: user.id, item, file }).catch(reportError);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{item.tag}</Title>
          <Text>{item.description}</Text>
          {item.parent && (
            <Text size="sm">
              {DERIVATION_LABEL[item.derivation as Derivation] ?? 'Made'} of <Anchor component={Link} inherit to={`/evidence/${item.parent.id}`}>{item.parent.tag}</Anchor>
              {' '}({item.parent.description}), by a destructive test
            </Text>
          )}
          <Anchor component={Link} to={`/case/${item.caseId}`} size="sm">Case {item.caseFileNumber}{item.caseName ? `, ${item.caseName}` : ''}</Anchor>
        </div>
        {!open && <Badge color="gray" size="lg">{item.status === 'returned' ? 'Returned' : 'Disposed of'}</Badge>}
      </Group>
      {open && (
        <Group gap="xs">
          <Button size="md" onClick={() => setTransfer({ correcting: null })}>Transfer</Button>
          <FileButton onChange={upload} accept="image/*" capture="environment">
            {(props) => <Button variant="default" {...props}>Add photo</Button>}
          </FileButton>
          {!local && <Button variant="default" onClick={() => setDialog('pick')}>Photo from field reports</Button>}
          {!local && user.isAdmin && <Button variant="subtle" color="red" onClick={() => setDialog('close')}>Return or dispose</Button>}
        </Group>
      )}
      {local && <Alert color="orange" title="Waiting to be sent">The tag number comes when the server has this item.</Alert>}
      {!local && <Group gap="xs">
        <Button variant="light" onClick={() => void verify()} loading={busy}>Verify chain</Button>
        <Button variant="default" onClick={() => download(itemLabelsUrl(item.id), 'Evidence-label.pdf')}>Label</Button>
        <Button variant="default" onClick={() => download(itemCustodyUrl(item.id), 'Custody.pdf')}>Custody report</Button>
      </Group>}
      {verdict && <Alert color={verdict.ok ? 'green' : 'red'} role="status" title={verdict.ok ? 'Chain verified' : 'Chain broken'}>{verdict.text}</Alert>}
      {!open && item.authorization && (
        <Alert color="gray" title="Closed">Authorized by {item.authorization.by} on {when(item.authorization.at)}. This item is read-only.</Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Location" value={item.location} />
          <Fact label="Custodian" value={item.custodian} />
          <Fact label="Category" value={item.category} />
          <Fact label="Quantity" value={String(item.quantity)} />
          <Fact label="Condition" value={item.condition} />
          <Fact label="Collected" value={`${when(item.collectedAt)}${item.collectedPlace ? `, ${item.collectedPlace}` : ''} by ${item.collectedByName}`} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="chain-title">
        <Title order={3} id="chain-title" mb="sm">Chain of custody</Title>
        <Stack gap="sm">
          {item.entries.map((e) => (
            <div key={e.id} style={{ borderLeft: '3px solid var(--mantine-color-blue-4)', paddingLeft: 10 }}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{e.seq}. {CUSTODY_KIND_LABEL[e.kind as CustodyKind] ?? e.kind}</Text>
                <Text size="sm" c="dimmed">{when(e.at)}</Text>
              </Group>
              {(e.from || e.to) && <Text size="sm">From {e.from || '—'} to {e.to || '—'}</Text>}
              {e.location && <Text size="sm">Location: {e.location}</Text>}
              {e.purpose && <Text size="sm">{e.purpose}</Text>}
              {e.correctsId && <Text size="sm">Corrects entry {item.entries.find((x) => x.id === e.correctsId)?.seq ?? ''}</Text>}
              {e.hasSignature && <img src={signatureUrl(item.id, e.id)} alt={`Signature of ${e.signedByName}`} style={{ maxHeight: 40, display: 'block' }} />}
              <Text size="xs" c="dimmed">Signed by {e.signedByName || '—'} · SHA-256 {e.hash.slice(0, 12)}…</Text>
              {open && e.kind !== 'correction' && (
                <Button size="compact-xs" variant="subtle" onClick={() => setTransfer({ correcting: { id: e.id, seq: e.seq } })}>Correct</Button>
              )}
            </div>
          ))}
          {waiting.map((w) => (
            <div key={w.seq} style={{ borderLeft: '3px dashed var(--mantine-color-orange-5)', paddingLeft: 10 }}>
              <Text fw={600}>{w.label}</Text>
              <Text size="sm" c={w.failure ? 'red' : 'orange'}>{w.failure ? `Not saved: ${w.failure.message}` : 'Waiting to be sent'}</Text>
            </div>
          ))}
        </Stack>
      </Paper>
      {item.photos.length > 0 && (
        <Paper withBorder p="md" component="section" aria-label="Photos">
          <Title order={3} mb="sm">Photos</Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {item.photos.map((p) => (
              <div key={p.id}>
                <Image src={photoUrl(item.id, p.id)} alt={`Photo ${p.sha256.slice(0, 8)}`} radius="sm" />
                <Text size="xs" c="dimmed">SHA-256 {p.sha256.slice(0, 12)}…</Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      {item.derived.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="derived-title">
          <Title order={4} id="derived-title">Results and remaining portions</Title>
          {item.derived.map((d) => (
            <Text key={d.id}><Link to={`/evidence/${d.id}`}>{d.tag}</Link> {d.description} ({DERIVATION_LABEL[d.derivation as Derivation] ?? d.derivation})</Text>
          ))}
        </Paper>
      )}
      {!local && <TestsSection item={item} />}
      {dialog === 'pick' && <PickPhotoModal item={item} onClose={() => setDialog(null)} />}
      {dialog === 'close' && <CloseModal item={item} signer={user.displayName} onClose={() => setDialog(null)} />}
      {transfer && <TransferModal item={item} userId={user.id} signer={user.displayName} correcting={transfer.correcting} onClose={() => setTransfer(null)} />}
    </Stack>
  );
}
