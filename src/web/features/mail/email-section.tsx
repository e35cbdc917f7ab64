import { Alert, Badge, Button, Checkbox, Group, NumberInput, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { TMailSecurity, TMailSettings } from '../../../core/api/mail.ts';
import { defaultMailPort, MAIL_LIMITS } from '../../../core/mail.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { useKeptEdits } from '../../lib/kept-edits.ts';
import { ApiError } from '../../lib/transport.ts';
import { LoadingBlock } from '../../ui/loading-block.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useMailSettings, useSaveMailSettings, useSendTestMail } from './api.ts';
import { SentMail } from './sent-mail.tsx';

const SECURITY = [
  { value: 'starttls', label: 'STARTTLS (usually port 587)' },
  { value: 'tls', label: 'TLS from the start (usually port 465)' },
  { value: 'none', label: 'None (a relay on the office network)' },
];

interface Draft {
  host: string;
  port: number | '';
  security: TMailSecurity;
  username: string;
  password: string;
  clearPassword: boolean;
  fromAddress: string;
}

const draftOf = (s: TMailSettings): Draft => ({
  host: s.host ?? '', port: s.port ?? '', security: s.security, username: s.username ?? '', password: '', clearPassword: false,
  fromAddress: s.fromAddress ?? '',
});

const FIELDS = ['host', 'port', 'username', 'password', 'fromAddress'];

/** A field's refusal from the server's details ('/fromAddress' → its message); a conflict's details are the record, not a list. */
const fieldError = (error: Error | null, field: string) =>
  error instanceof ApiError && Array.isArray(error.details)
    ? (error.details as { path?: string; message?: string }[]).find((d) => d.path === `/${field}`)?.message : undefined;

/** Settings → E-mail (issue 41): the SMTP server messages leave through, Send test e-mail, and Sent mail. */
export function EmailSection() {
  const settings = useMailSettings();
  return (
    <Stack gap="lg">
      <SettingsCard id="email" icon={IconMail} title="E-mail"
        aside={settings.data && <Badge color={settings.data.canSend ? 'green' : 'gray'} variant="light">{settings.data.canSend ? 'Sending' : 'Not sending'}</Badge>}>
        <Text size="sm" c="dimmed">
          Reminders, alerts and notices leave through this SMTP server. Every message is kept in Sent mail below; with no server set,
          nothing leaves and Sent mail shows what would have been sent.
        </Text>
        {settings.error && <Alert color="red" role="alert">{settings.error.message}</Alert>}
        {!settings.data && !settings.error && <LoadingBlock h={200} label="Loading e-mail settings" />}
        {settings.data && <MailForm saved={settings.data} reload={() => void settings.refetch()} />}
        {settings.data && <TestMail />}
      </SettingsCard>
      <SentMail />
    </Stack>
  );
}

/**
 * The SMTP form. What the admin typed survives the server's answers (docs/decisions/037, 223): another admin's save
 * met on Save (409) loads their version under the fields this admin left alone, and the next Save goes against it.
 */
function MailForm({ saved, reload }: { saved: TMailSettings; reload(): void }) {
  const save = useSaveMailSettings();
  const kept = useKeptEdits(draftOf(saved));
  const { form: draft, dirty } = kept;
  const [done, setDone] = useState(false);
  useUnsavedChanges(dirty);
  const set = (patch: Partial<Draft>) => {
    setDone(false);
    save.reset();
    kept.setForm((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sent = draft;
    const password = sent.clearPassword ? '' : sent.password ? sent.password : undefined;
    save.mutate({
      host: sent.host, port: sent.port === '' ? null : sent.port, security: sent.security, username: sent.username,
      ...(password !== undefined ? { password } : {}), fromAddress: sent.fromAddress, version: saved.version,
    }, {
      onSuccess: () => {
        kept.acknowledge(sent);
        setDone(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') reload();
      },
    });
  };
  const overridden = saved.environmentServer !== null;
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" maw={620}>
        {overridden && (
          <Alert color="blue" role="note">
            SMTP_URL is set on the server ({saved.environmentServer}): messages leave through it, whatever is saved here.
          </Alert>
        )}
        {saved.environmentFrom && (
          <Alert color="blue" role="note">MAIL_FROM is set on the server: messages are sent from {saved.environmentFrom}.</Alert>
        )}
        <Text size="sm"><Text span fw={500}>Sending through:</Text> {saved.activeServer}</Text>
        <Group align="flex-start" grow>
          <TextInput label="SMTP server" placeholder="smtp.example.com" autoComplete="off" spellCheck={false} maxLength={MAIL_LIMITS.host}
            value={draft.host} error={fieldError(save.error, 'host')} onChange={(e) => set({ host: e.currentTarget.value })} />
          <NumberInput label="Port" placeholder={String(defaultMailPort(draft.security))} min={1} max={65535} allowDecimal={false} maw={140}
            value={draft.port} error={fieldError(save.error, 'port')} onChange={(v) => set({ port: typeof v === 'number' ? v : '' })} />
        </Group>
        <Select label="Security" data={SECURITY} value={draft.security} allowDeselect={false} maw={360}
          onChange={(v) => v && set({ security: v as TMailSecurity })} />
        <TextInput label="User name" autoComplete="off" spellCheck={false} value={draft.username}
          error={fieldError(save.error, 'username')} onChange={(e) => set({ username: e.currentTarget.value })} />
        <PasswordInput label="Password" autoComplete="new-password"
          description={saved.passwordSaved ? 'A password is saved. Leave this empty to keep it.' : 'No password is saved.'}
          value={draft.password} disabled={draft.clearPassword} error={fieldError(save.error, 'password')}
          onChange={(e) => set({ password: e.currentTarget.value })} />
        {saved.passwordSaved && (
          <Checkbox label="Remove the saved password" checked={draft.clearPassword}
            onChange={(e) => set({ clearPassword: e.currentTarget.checked, password: '' })} />
        )}
        <TextInput label="From address" placeholder="office@example.com" autoComplete="off" spellCheck={false}
          description="The sender receivers see." value={draft.fromAddress} error={fieldError(save.error, 'fromAddress')}
          onChange={(e) => set({ fromAddress: e.currentTarget.value })} />
        {save.error && !FIELDS.some((f) => fieldError(save.error, f)) && (
          <Alert color="red" role="alert">{save.error.message}</Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>Save e-mail settings</Button>
          {done && !dirty && <Text size="sm" c="teal" role="status">E-mail settings saved.</Text>}
        </Group>
      </Stack>
    </form>
  );
}

function TestMail() {
  const test = useSendTestMail();
  const [to, setTo] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); test.mutate(to.trim()); }}>
      <Stack gap="sm" maw={620}>
        <Group align="flex-end">
          <TextInput label="Send a test e-mail to" placeholder="you@example.com" type="email" autoComplete="email" flex={1}
            value={to} error={fieldError(test.error, 'to')} onChange={(e) => { setTo(e.currentTarget.value); test.reset(); }} />
          <Button type="submit" variant="default" loading={test.isPending} disabled={!to.trim()}>Send test e-mail</Button>
        </Group>
        {test.data && <Alert color={test.data.ok ? 'green' : test.data.status === 'not_sent' ? 'yellow' : 'red'} role="status">{test.data.message}</Alert>}
        {test.error && !fieldError(test.error, 'to') && <Alert color="red" role="alert">{test.error.message}</Alert>}
      </Stack>
    </form>
  );
}
