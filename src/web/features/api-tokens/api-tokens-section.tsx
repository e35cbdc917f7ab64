import { Alert, Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { API_TOKEN_MESSAGES } from '../../../core/accounts/api-tokens.ts';
import type { TApiToken } from '../../../core/api/api-tokens.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api.ts';
import { CreateTokenForm } from './create-token-form.tsx';
import { NewTokenModal } from './new-token-modal.tsx';
import { firmDate, firmDateTime } from '../../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';

// A token expires at the start of the day after its last day.
const lastDay = (expiresAt: string, timeZone: string) => firmDate(Date.parse(expiresAt) - 1, timeZone);
const when = (iso: string | null, timeZone: string) => (iso ? firmDateTime(iso, timeZone) : 'Never');

/**
 * Settings → API tokens (issue 27, docs/decisions/092): everyone's own keys for their own tools.
 * `twoFactorOwed`: the firm requires a second factor of the person's role and they have none, so no
 * token works or can be made until they set it up (docs/decisions/111).
 */
export function ApiTokensSection({ twoFactorOwed = false }: { twoFactorOwed?: boolean }) {
  const tokens = useApiTokens();
  const timeZone = useFirmTimeZone();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<TApiToken | null>(null);

  return (
    <SettingsCard id="api-tokens-section" icon={IconKey} title="API tokens">
      <Text size="sm">
        Connect your own tools to Casebook: a token acts as you, with your role, and a read-only token cannot change anything.
        Send it as <code>Authorization: Bearer cbk_…</code>. Every route is described in the{' '}
        <Anchor href="/api/docs" target="_blank" rel="noopener">API documentation</Anchor>.
      </Text>
      {twoFactorOwed ? (
        <Alert color="yellow" role="status" title={API_TOKEN_MESSAGES.twoFactorRequired}>
          The firm requires two-factor sign-in for your role. Until you turn it on above, your tokens are refused and no new token can be made;
          once it is on, they work again.
        </Alert>
      ) : (
        <CreateTokenForm busy={create.isPending} error={create.isError ? create.error.message : null}
          onCreate={(body) => create.mutate(body, { onSuccess: (made) => setShown({ name: made.token.name, secret: made.secret }) })} />
      )}
      {tokens.isPending && <LoadingBlock label="Loading API tokens" h={80} />}
      {tokens.isError && <Alert color="red">{tokens.error.message}</Alert>}
      {revoke.isError && <Alert color="red" role="alert">{revoke.error.message}</Alert>}
      {tokens.data && tokens.data.length === 0 && <Text size="sm" c="dimmed">You have no API tokens.</Text>}
      {tokens.data && tokens.data.length > 0 && (
        <Table striped verticalSpacing="xs" aria-label="API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th><Table.Th>Access</Table.Th><Table.Th>Created</Table.Th><Table.Th>Works through</Table.Th>
              <Table.Th>Last used</Table.Th><Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td><Text size="sm" fw={600}>{token.name}</Text><Text size="xs" c="dimmed" ff="monospace">{token.hint}…</Text></Table.Td>
                <Table.Td>{token.scope === 'read' ? 'Read only' : 'Read and write'}</Table.Td>
                <Table.Td>{firmDate(token.createdAt, timeZone)}</Table.Td>
                <Table.Td>{token.expired ? <Badge color="gray">Expired</Badge> : lastDay(token.expiresAt, timeZone)}</Table.Td>
                <Table.Td>{when(token.lastUsedAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="light" color="red" aria-label={`Revoke ${token.name}`}
                    onClick={() => { revoke.reset(); setRevoking(token); }}>Revoke</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {shown && <NewTokenModal name={shown.name} secret={shown.secret} onClose={() => setShown(null)} />}
      <ConfirmModal opened={revoking !== null} confirmLabel="Revoke token"
        question={`Revoke the token “${revoking?.name ?? ''}”? Tools using it stop working at once.`}
        onYes={() => { if (revoking) revoke.mutate(revoking.id); setRevoking(null); }} onNo={() => setRevoking(null)} />
    </SettingsCard>
  );
}
