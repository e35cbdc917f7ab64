import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  API_TOKEN_EXPIRY_CHOICES, API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, expiryAfter, expiryProblem, type TApiTokenScope,
} from '../../../core/accounts/api-tokens.ts';
import type { TCreateApiTokenBody } from '../../../core/api/api-tokens.ts';
import { formatUsDate, toIsoDate } from '../../../core/smart-date.ts';
import { SmartDateInput } from '../../ui/smart-date-input.tsx';
import { localIsoDate } from '../../../core/dates/iso-date.ts';
import { useToday } from '../../ui/today.ts';

const CUSTOM = 'date';
const EXPIRY_OPTIONS = [
  ...API_TOKEN_EXPIRY_CHOICES.map((days) => ({ value: String(days), label: days === 365 ? '1 year' : `${days} days` })),
  { value: CUSTOM, label: 'Choose a date…' },
];

/** Name, scope and expiry of a new token; every token expires (docs/decisions/092). */
export function CreateTokenForm({ busy, error, onCreate }: { busy: boolean; error: string | null; onCreate(body: TCreateApiTokenBody): void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [expiry, setExpiry] = useState('90');
  const [date, setDate] = useState('');
  const [tried, setTried] = useState(false);
  const today = localIsoDate(useToday()());
  const expiresOn = expiry === CUSTOM ? toIsoDate(date) : expiryAfter(today, Number(expiry));
  const nameProblem = name.trim() ? null : API_TOKEN_MESSAGES.nameRequired;
  const dateProblem = expiresOn ? expiryProblem(expiresOn, today) : 'Enter the last day the token works.';

  const submit = () => {
    setTried(true);
    if (nameProblem || dateProblem || !expiresOn) return;
    onCreate({ name: name.trim(), scope, expiresOn });
  };

  return (
    <Stack gap="sm" component="form" onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="New API token">
      <TextInput label="Name" description="What the token is for, e.g. the tool that uses it" withAsterisk maxLength={API_TOKEN_NAME_MAX}
        value={name} onChange={(e) => setName(e.currentTarget.value)} error={tried ? nameProblem : null} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="token-scope-label">Access</Text>
        <SegmentedControl aria-labelledby="token-scope-label" value={scope} onChange={(v) => setScope(v as TApiTokenScope)}
          data={[{ value: 'read', label: 'Read only' }, { value: 'write', label: 'Read and write' }]} />
        <Text size="xs" c="dimmed">Either way the token can do only what your account can do.</Text>
      </Stack>
      <Group align="flex-start" grow>
        <Select label="Expires" data={EXPIRY_OPTIONS} value={expiry} allowDeselect={false}
          onChange={(v) => setExpiry(v ?? '90')} />
        {expiry === CUSTOM
          ? <SmartDateInput label="Last day" withAsterisk value={date} onChange={setDate} error={tried && dateProblem ? dateProblem : undefined} />
          : <TextInput label="Last day" readOnly value={expiresOn ? formatUsDate(expiresOn) : ''} />}
      </Group>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group><Button type="submit" loading={busy}>Create token</Button></Group>
    </Stack>
  );
}
