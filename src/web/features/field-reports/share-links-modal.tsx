import { Alert, Badge, Button, CopyButton, Group, Modal, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TShareLink } from '../../../core/api/share-links.ts';
import { firmDate, firmDateTime } from '../../../core/dates/firm-clock.ts';
import { SHARE_DEFAULT_DAYS, SHARE_EXPIRY_CHOICES, SHARE_LABEL_MAX } from '../../../core/field-reports/share-links.ts';
import { formatUsDate } from '../../../core/smart-date.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { sharedUrl, useCreateShareLink, useRevokeShareLink, useShareLinks } from './share-links-api.ts';
import { addDays, localIsoDate } from '../../../core/dates/iso-date.ts';
import { useToday } from '../../ui/today.ts';

const EXPIRY_OPTIONS = SHARE_EXPIRY_CHOICES.map((days) => ({ value: String(days), label: `${days} days` }));
const STATE_BADGE = { active: { color: 'teal', text: 'Active' }, expired: { color: 'gray', text: 'Expired' }, revoked: { color: 'red', text: 'Revoked' } };
// A link works until the start of the day after its last day.
const lastDay = (expiresAt: string, timeZone: string) => firmDate(Date.parse(expiresAt) - 1, timeZone);

/** The report's client links: who made each, until when it works, its views; a new one; revoking (docs/decisions/105). */
export default function ShareLinksModal({ reportId, displayNumber, canShare, onClose }: {
  reportId: string; displayNumber: string; canShare: boolean; onClose(): void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const create = useCreateShareLink(reportId);
  const [made, setMade] = useState<{ url: string; label: string } | null>(null);
  return (
    <Modal opened onClose={onClose} title={`Share report ${displayNumber} with a client`} size="lg" fullScreen={phone}>
      {made ? <NewLink {...made} onDone={() => setMade(null)} /> : (
        <Stack gap="md">
          <Text size="sm">
            Anyone with the link can open this certified report, its PDF and its photos without an account, until the link expires or is
            revoked. Each opening is counted and recorded in the audit log.
          </Text>
          {canShare ? <NewLinkForm busy={create.isPending} error={create.isError ? create.error.message : null}
            onCreate={(body) => create.mutate(body, { onSuccess: (r) => setMade({ url: sharedUrl(r.token), label: r.link.label }) })} />
            : <Alert color="yellow">A later revision replaced this one: its links still open it, marked as replaced. Share the current revision instead.</Alert>}
          <LinkList reportId={reportId} />
        </Stack>
      )}
    </Modal>
  );
}

function NewLinkForm({ busy, error, onCreate }: { busy: boolean; error: string | null; onCreate(body: { expiresOn: string; label: string }): void }) {
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  const [label, setLabel] = useState('');
  const expiresOn = addDays(localIsoDate(useToday()()), Number(days));
  return (
    <Stack gap="sm" component="form" aria-label="New share link" onSubmit={(e) => { e.preventDefault(); onCreate({ expiresOn, label: label.trim() }); }}>
      <TextInput label="Label (optional)" description="Who the link is for, e.g. the adjuster" maxLength={SHARE_LABEL_MAX}
        value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
      <Select label="Expires after" data={EXPIRY_OPTIONS} value={days} allowDeselect={false} onChange={(v) => setDays(v ?? String(SHARE_DEFAULT_DAYS))}
        description={`The link works through ${formatUsDate(expiresOn)}.`} />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group><Button type="submit" loading={busy}>Create link</Button></Group>
    </Stack>
  );
}

/** The full address, shown once: only a fingerprint of it is kept. */
function NewLink({ url, label, onDone }: { url: string; label: string; onDone(): void }) {
  return (
    <Stack gap="sm">
      <Text>{label ? `The link for ${label} is ready.` : 'The link is ready.'} Copy it and send it to your client.</Text>
      <Textarea label="Link" readOnly autosize minRows={2} value={url} onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }} />
      <Group>
        <CopyButton value={url}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
        </CopyButton>
        <Button variant="default" onClick={onDone}>Done</Button>
      </Group>
      <Alert color="yellow" title="It will not be shown again">
        Casebook keeps only a fingerprint of the link. If it is lost, revoke it and make a new one.
      </Alert>
    </Stack>
  );
}

function LinkList({ reportId }: { reportId: string }) {
  const links = useShareLinks(reportId);
  const revoke = useRevokeShareLink(reportId);
  if (links.isPending) return <LoadingBlock label="Loading share links" h={60} />;
  if (links.isError) return <Alert color="red">{links.error.message}</Alert>;
  if (links.data.length === 0) return <Text size="sm" c="dimmed">This report has no share links yet.</Text>;
  return (
    <Stack gap="xs" component="ul" aria-label="Share links" p={0} m={0} style={{ listStyle: 'none' }}>
      {revoke.isError && <Alert color="red" role="alert">{revoke.error.message}</Alert>}
      {links.data.map((link) => <LinkItem key={link.id} link={link} onRevoke={() => revoke.mutate(link.id)} />)}
    </Stack>
  );
}

function LinkItem({ link, onRevoke }: { link: TShareLink; onRevoke(): void }) {
  const timeZone = useFirmTimeZone();
  const [asking, setAsking] = useState(false);
  const badge = STATE_BADGE[link.state];
  const name = link.label || 'Link without a label';
  return (
    <Paper component="li" withBorder p="sm" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{name}</Text>
        <Badge color={badge.color} variant="light">{badge.text}</Badge>
      </Group>
      <Text size="sm">Made by {link.createdByName} on {firmDate(link.createdAt, timeZone)}</Text>
      <Text size="sm">
        {link.state === 'revoked' ? `Revoked on ${firmDate(link.revokedAt ?? '', timeZone)}` : `Works through ${lastDay(link.expiresAt, timeZone)}`}
      </Text>
      <Text size="sm">
        {link.viewCount === 1 ? '1 view' : `${link.viewCount} views`}
        {link.lastViewedAt ? ` · last viewed ${firmDateTime(link.lastViewedAt, timeZone, false)}` : ''}
      </Text>
      {link.canRevoke && link.state === 'active' && (asking ? (
        <Group gap="xs" mt="xs">
          <Text size="sm">Revoke this link? It stops working at once.</Text>
          <Button color="red" onClick={() => { setAsking(false); onRevoke(); }}>Revoke link</Button>
          <Button variant="default" onClick={() => setAsking(false)}>Keep</Button>
        </Group>
      ) : (
        <Group mt="xs"><Button variant="light" color="red" onClick={() => setAsking(true)} aria-label={`Revoke ${name}`}>Revoke</Button></Group>
      ))}
    </Paper>
  );
}
