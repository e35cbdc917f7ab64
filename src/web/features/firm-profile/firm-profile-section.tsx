import { Alert, Button, FileButton, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBuilding, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { TFirmProfile } from '../../../core/api/firm-profile.ts';
import { FIRM_PROFILE_LIMITS, tooLongProblems } from '../../../core/limits.ts';
import { useUnsavedChanges } from '../../shared/unsaved-changes.tsx';
import { ApiError } from '../../lib/transport.ts';
import { theirNotes, useKeptEdits } from '../../lib/kept-edits.ts';
import { readRefusal, withoutFields, type Refusal } from '../../lib/refusal.ts';
import { RefusalAlert, useFocusRefused } from '../../ui/refusal-alert.tsx';
import { SettingsCard } from '../../ui/settings-card.tsx';
import { useFirmProfile, useLogo, useSaveFirmProfile } from './api.ts';

const FIELDS = [
  { key: 'firmName', label: 'Firm name', required: true },
  { key: 'licenceNumber', label: 'License number' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'E-mail' },
  { key: 'website', label: 'Website' },
  // Billing (issue 24): how clients pay, printed on every bill, and the firm's id in LEDES files.
  // Money's authority (issue 38): the remittance details and tax id are a super admin's; admins read them.
  { key: 'remittance', label: 'Remittance details', multiline: true, money: true },
  { key: 'ledesFirmId', label: 'LEDES firm id (tax id)', money: true },
] as const;
type Key = (typeof FIELDS)[number]['key'];
type Form = Record<Key, string>;
const KEYS = FIELDS.map((f) => f.key);
const LABELS = Object.fromEntries(FIELDS.map((f) => [f.key, f.label])) as Record<Key, string>;

const formOf = (p: TFirmProfile): Form => ({
  firmName: p.firmName, licenceNumber: p.licenceNumber, address: p.address, phone: p.phone, email: p.email, website: p.website,
  remittance: p.remittance, ledesFirmId: p.ledesFirmId,
});

/** What the browser can tell before saving: the required name and each field's length. */
function problemsOf(form: Form): Partial<Form> {
  return { ...tooLongProblems(form, FIRM_PROFILE_LIMITS), ...(form.firmName.trim() ? {} : { firmName: 'Firm name is required' }) };
}

/** Settings → firm profile (admins): the letterhead and footer of every PDF. */
export function FirmProfileSection() {
  const profile = useFirmProfile();
  return (
    <SettingsCard id="firm-profile" icon={IconBuilding} title="Firm profile">
      <Text size="sm" c="dimmed">Printed as the letterhead and footer of every PDF report. Empty fields are left off.</Text>
      {profile.error && <Alert color="red">{profile.error.message}</Alert>}
      {profile.data && <FirmProfileForm p={profile.data} />}
    </SettingsCard>
  );
}

/**
 * The form keeps what is typed through every answer from the server: a logo upload or removal
 * answers with the whole profile (a new version), and only the fields not being edited take its
 * values (docs/decisions/037). A refused save names its fields; an edit conflict reloads the
 * profile, so the next Save goes against the other person's version with the typed text kept.
 */
function FirmProfileForm({ p }: { p: TFirmProfile }) {
  const save = useSaveFirmProfile();
  const logo = useLogo();
  const profile = useFirmProfile();
  const kept = useKeptEdits(formOf(p));
  const [saved, setSaved] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [refusal, setRefusal] = useState<Refusal<Key> | null>(null);
  const container = useRef<HTMLFormElement>(null);
  useFocusRefused(container, refusal);
  const logoError = logo.upload.error ?? logo.remove.error;
  const problems = showProblems ? problemsOf(kept.form) : {};
  const errors: Partial<Form> = { ...theirNotes(kept.theirs), ...refusal?.fields, ...problems };

  /** Saves what is typed; true once saved (the setup's Continue saves through it too). */
  const submit = async (): Promise<boolean> => {
    const sent = kept.form;
    if (Object.keys(problemsOf(sent)).length) {
      setShowProblems(true);
      setRefusal(null);
      requestAnimationFrame(() => container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return false;
    }
    setRefusal(null);
    // An admin never sends the remittance details or tax id: they are shown, not changed (the server answers 403).
    const { remittance, ledesFirmId, ...rest } = sent;
    try {
      await save.mutateAsync({ ...rest, ...(p.canChangeMoney ? { remittance, ledesFirmId } : {}), version: p.version });
      kept.acknowledge(sent);
      setSaved(true);
      return true;
    } catch (error) {
      setRefusal(readRefusal(error, KEYS));
      // Someone else saved first: load their version; the fields typed here stay as typed.
      if (error instanceof ApiError && error.code === 'EDIT_CONFLICT') void profile.refetch();
      return false;
    }
  };
  useUnsavedChanges(kept.dirty, { save: submit });

  return (
    <>
      <form ref={container} noValidate onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}>
        <Stack gap="sm" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((f) => {
              const readOnly = 'money' in f && !p.canChangeMoney;
              const props = {
                label: f.label, required: 'required' in f, value: kept.form[f.key], error: errors[f.key], readOnly,
                description: readOnly ? 'Only a super admin can change this.' : undefined,
                onChange: (e: { currentTarget: { value: string } }) => {
                  const value = e.currentTarget.value;
                  setSaved(false);
                  setRefusal((r) => withoutFields(r, [f.key]));
                  kept.setForm((old) => ({ ...old, [f.key]: value }));
                },
              };
              return 'multiline' in f
                ? <Textarea key={f.key} {...props} autosize minRows={3} placeholder={'Bank, routing and account numbers\nor the address checks are mailed to'} />
                : <TextInput key={f.key} {...props} />;
            })}
          </SimpleGrid>
          <RefusalAlert refusal={refusal} labels={LABELS} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!kept.dirty}>Save firm profile</Button>
            {saved && !kept.dirty && <Text size="sm" c="teal" role="status">Firm profile saved.</Text>}
          </Group>
        </Stack>
      </form>
      <Stack gap="xs" maw={720}>
        <Text fw={600} size="sm">Logo</Text>
        {p.hasLogo
          ? <Image src={`/api/settings/firm-profile/logo?v=${p.version}-${p.updatedAt}`} alt="Firm logo" h={64} w="auto" fit="contain" maw={240} />
          : <Text size="sm" c="dimmed">No logo: the PDFs show the firm name alone.</Text>}
        {logoError && <Alert color="red" role="alert">{logoError.message}</Alert>}
        <Group>
          <FileButton accept="image/png,image/jpeg" onChange={(file) => file && logo.upload.mutate(file)}>
            {(props) => <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={logo.upload.isPending}>
              {p.hasLogo ? 'Replace logo' : 'Upload logo'}
            </Button>}
          </FileButton>
          {p.hasLogo && <Button variant="subtle" color="red" onClick={() => logo.remove.mutate()} loading={logo.remove.isPending}>Remove logo</Button>}
        </Group>
        <Text size="xs" c="dimmed">PNG or JPEG, up to 20 MB; a wide logo prints best.</Text>
      </Stack>
    </>
  );
}
