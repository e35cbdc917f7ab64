import { Alert, Badge, Button, Code, Divider, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import type { TProviderSettings } from '../../../core/api/sign-in-providers.ts';
import { PROVIDER_ISSUER_HINTS, PROVIDER_LABELS } from '../../../core/accounts/sign-in-providers.ts';
import { useVersionedSettingsForm } from '../../shared/versioned-settings-form.ts';
import { LoadingBlock } from '../../ui/loading-block';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useProviderSettings, useSaveProvider, useTestProvider } from './api.ts';

/** Settings → Sign in with Google or Microsoft (issue 27, super admins; docs/decisions/091). */
export function ProvidersSection() {
  const settings = useProviderSettings();
  const providers = settings.data?.providers;
  return (
    <SettingsCard id="providers-section" icon={IconLogin} title="Sign in with Google or Microsoft">
      <Text size="sm" c="dimmed" maw={620}>
        Staff whose verified e-mail address at the provider matches an active Casebook account can sign in with it. Nobody is
        created by signing in, and a second factor is still asked for. The client secret is never typed here: whoever runs Casebook sets it in its settings file.
      </Text>
      {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
      {!providers && !settings.error && <LoadingBlock h={200} label="Loading sign-in providers" />}
      {providers?.map((p, i) => (
        <Fragment key={p.provider}>
          {i > 0 && <Divider />}
          <ProviderForm saved={p} reload={() => void settings.refetch()} />
        </Fragment>
      ))}
    </SettingsCard>
  );
}

type Draft = Pick<TProviderSettings, 'issuerUrl' | 'clientId' | 'enabled'>;

function SecretStatus({ p }: { p: TProviderSettings }) {
  return p.secretSet
    ? <Text size="sm">Client secret: <Badge color="green" variant="light">Set</Badge> in <Code>{p.secretVariable}</Code> on the server.</Text>
    : <Text size="sm">Client secret: <Badge color="red" variant="light">Not set</Badge> Put it in <Code>{p.secretVariable}</Code> on the server and restart; until then the login page does not offer {PROVIDER_LABELS[p.provider]}.</Text>;
}

function ProviderForm({ saved, reload }: { saved: TProviderSettings; reload(): void }) {
  const label = PROVIDER_LABELS[saved.provider];
  const save = useSaveProvider(saved.provider);
  const test = useTestProvider(saved.provider);
  const server = useMemo<Draft>(() => ({ issuerUrl: saved.issuerUrl, clientId: saved.clientId, enabled: saved.enabled }),
    [saved.issuerUrl, saved.clientId, saved.enabled]);
  const { draft, dirty, saved: done, set, submit } = useVersionedSettingsForm({ server, version: saved.version, save, reload, others: [test] });
  const id = `provider-${saved.provider}`;
  return (
    <form aria-labelledby={`${id}-title`} onSubmit={submit}>
      <Stack gap="sm" maw={620}>
        <Group gap="sm">
          <Title order={4} id={`${id}-title`}>{label}</Title>
          <Badge color={saved.enabled && saved.secretSet ? 'green' : 'gray'} variant="light">
            {saved.enabled && saved.secretSet ? 'Offered on the login page' : 'Not offered'}
          </Badge>
        </Group>
        <TextInput label={`${label} issuer URL`} placeholder={PROVIDER_ISSUER_HINTS[saved.provider]} value={draft.issuerUrl}
          description="Casebook reads the provider's discovery document from it (…/.well-known/openid-configuration)."
          onChange={(e) => set({ issuerUrl: e.currentTarget.value })} />
        <TextInput label={`${label} client ID`} value={draft.clientId} onChange={(e) => set({ clientId: e.currentTarget.value })} />
        <SecretStatus p={saved} />
        {saved.redirectUri
          ? <Text size="sm">Redirect URI to register at {label}: <Code>{saved.redirectUri}</Code></Text>
          : <Text size="sm">Redirect URI: set <Code>PUBLIC_URL</Code> on the server (the address people use) and restart; it is built from it.</Text>}
        <Switch label={`Offer 'Sign in with ${label}' on the login page`} checked={draft.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })} />
        {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
        {test.error && <Alert color="red" role="alert">{test.error.message}</Alert>}
        {test.data && <Alert color={test.data.ok ? 'green' : 'red'} role="status">{test.data.message}</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>Save {label}</Button>
          <Button variant="default" loading={test.isPending} disabled={!draft.issuerUrl.trim()}
            onClick={() => test.mutate({ issuerUrl: draft.issuerUrl.trim(), clientId: draft.clientId.trim() })}>
            Test {label}
          </Button>
          {done && <Text size="sm" c="teal" role="status">{label} sign-in saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}
