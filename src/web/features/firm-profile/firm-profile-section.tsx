import { Alert, Button, FileButton, Group, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TFirmProfile } from '../../../core/api/firm-profile.ts';
import { useUnsavedChanges } from '../../app/unsaved-changes.tsx';
import { useFirmProfile, useLogo, useSaveFirmProfile } from './api.ts';
import { SettingsCard } from '../../ui/settings-card.tsx';

const FIELDS = [
  { key: 'firmName', label: 'Firm name', required: true },
  { key: 'licenceNumber', label: 'License number' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'E-mail' },
  { key: 'website', label: 'Website' },
] as const;
type Form = Record<(typeof FIELDS)[number]['key'], string>;

const formOf = (p: TFirmProfile): Form => ({
  firmName: p.firmName, licenceNumber: p.licenceNumber, address: p.address, phone: p.phone, email: p.email, website: p.website,
});

/** Settings → firm profile (admins): the letterhead and footer of every PDF. */
export function FirmProfileSection() {
  const profile = useFirmProfile();
  const save = useSaveFirmProfile();
  const logo = useLogo();
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState(false);
  const p = profile.data;
  useEffect(() => {
    if (p) setForm(formOf(p));
  }, [p]);
  const dirty = Boolean(p && form && JSON.stringify(form) !== JSON.stringify(formOf(p)));
  useUnsavedChanges(dirty);
  const logoError = logo.upload.error ?? logo.remove.error;

  return (
    <SettingsCard id="firm-profile" icon={IconBuilding} title="Firm profile">
        <Text size="sm" c="dimmed">Printed as the letterhead and footer of every PDF report. Empty fields are left off.</Text>
        {profile.error && <Alert color="red">{profile.error.message}</Alert>}
        {p && form && (
          <form onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ ...form, version: p.version }, { onSuccess: () => setSaved(true) });
          }}>
            <Stack gap="sm" maw={720}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {FIELDS.map((f) => (
                  <TextInput key={f.key} label={f.label} required={'required' in f} value={form[f.key]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setSaved(false);
                      setForm((old) => (old ? { ...old, [f.key]: value } : old));
                    }} />
                ))}
              </SimpleGrid>
              {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
              <Group>
                <Button type="submit" loading={save.isPending} disabled={!dirty}>Save firm profile</Button>
                {saved && !dirty && <Text size="sm" c="teal" role="status">Firm profile saved.</Text>}
              </Group>
            </Stack>
          </form>
        )}
        {p && (
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
        )}
    </SettingsCard>
  );
}
