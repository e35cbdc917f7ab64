import { Button, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TAttorney, TLawFirm } from '../../../core/api/attorneys.ts';
import { useUser } from '../../shared/auth.tsx';
import { reportError } from '../../lib/error-store.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useAttorneys, useDeleteFirmRecord, useLawFirms, useSaveAttorney, useSaveLawFirm } from './api.ts';
import { addressText, RecordTable } from './attorneys-table.tsx';
import { ContactFormModal, type ContactValues } from './contact-form.tsx';

type Editing =
  | { kind: 'attorney'; row: TAttorney | null }
  | { kind: 'law-firm'; row: TLawFirm | null };

type Deleting = { kind: 'attorney' | 'law-firm'; id: string; name: string };

const blank: ContactValues = { name: '', email: '', phone: '', address: null, lawFirmId: null };
const bodyOf = (v: ContactValues) => ({
  name: v.name.trim(), email: v.email.trim() || null, phone: v.phone.trim() || null, address: v.address,
});

/** /attorneys: the firm's outside counsel, by attorney and by law firm (docs/decisions/020). */
export default function AttorneysPage() {
  const user = useUser();
  const canWrite = user.isAdmin;
  const [tab, setTab] = useState<string | null>('attorneys');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const attorneys = useAttorneys(tab === 'attorneys' ? q : '');
  const firms = useLawFirms(tab === 'law-firms' ? q : '');
  const allFirms = useLawFirms('');
  const saveAttorney = useSaveAttorney();
  const saveFirm = useSaveLawFirm();
  const remove = useDeleteFirmRecord();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  useEffect(() => {
    const error = attorneys.error ?? firms.error;
    if (error) reportError(error, { screen: 'attorneys' });
  }, [attorneys.error, firms.error]);

  const closeEditor = () => {
    setEditing(null);
    saveAttorney.reset();
    saveFirm.reset();
  };

  const save = (values: ContactValues) => {
    if (!editing) return;
    const done = { onSuccess: closeEditor };
    if (editing.kind === 'attorney') {
      saveAttorney.mutate({
        id: editing.row?.id, version: editing.row?.version, body: { ...bodyOf(values), lawFirmId: values.lawFirmId ?? null },
      }, done);
    } else {
      saveFirm.mutate({ id: editing.row?.id, version: editing.row?.version, body: bodyOf(values) }, done);
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, { onError: (e) => reportError(e, { screen: 'attorneys', action: 'delete' }) });
    setDeleting(null);
  };

  const searching = tab === 'attorneys' ? attorneys.isFetching : firms.isFetching;
  const firmOptions = (allFirms.data ?? []).map((f) => ({ value: f.id, label: f.name }));
  const saveError = (editing?.kind === 'attorney' ? saveAttorney.error : saveFirm.error)?.message ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Attorneys &amp; Law Firms</Title>
        {canWrite && (
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing({ kind: 'law-firm', row: null })}>
              Add Law Firm
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'attorney', row: null })}>
              Add Attorney
            </Button>
          </Group>
        )}
      </Group>
      {/* Both panels stay in the page (the hidden one empty), so each tab's aria-controls names one. */}
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="attorneys">Attorneys</Tabs.Tab>
          <Tabs.Tab value="law-firms">Law Firms</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="attorneys">{null}</Tabs.Panel>
        <Tabs.Panel value="law-firms">{null}</Tabs.Panel>
      </Tabs>
      <TextInput
        aria-label="Search"
        placeholder={tab === 'attorneys' ? 'Search by attorney, law firm or e-mail' : 'Search law firms'}
        leftSection={<IconSearch size={16} />}
        rightSection={searching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      {tab === 'attorneys' ? (
        attorneys.isPending ? <Loader /> : (
          <RecordTable
            kind="attorney" rows={attorneys.data ?? []} canWrite={canWrite}
            empty={q ? 'No attorneys match your search.' : 'No attorneys yet.'}
            columns={[
              { header: 'Name', cell: (a) => <Text fw={500} size="sm">{a.name}</Text> },
              { header: 'Law firm', cell: (a) => a.lawFirmName ?? '—' },
              { header: 'E-mail', cell: (a) => a.email ?? '—' },
              { header: 'Phone', cell: (a) => a.phone ?? '—' },
              { header: 'Address', cell: (a) => addressText(a.address) },
            ]}
            onEdit={(row) => setEditing({ kind: 'attorney', row })}
            onDelete={(row) => setDeleting({ kind: 'attorney', id: row.id, name: row.name })}
          />
        )
      ) : firms.isPending ? <Loader /> : (
        <RecordTable
          kind="law firm" rows={firms.data ?? []} canWrite={canWrite}
          empty={q ? 'No law firms match your search.' : 'No law firms yet.'}
          columns={[
            { header: 'Name', cell: (f) => <Text fw={500} size="sm">{f.name}</Text> },
            { header: 'Attorneys', cell: (f) => f.attorneyCount },
            { header: 'E-mail', cell: (f) => f.email ?? '—' },
            { header: 'Phone', cell: (f) => f.phone ?? '—' },
            { header: 'Address', cell: (f) => addressText(f.address) },
          ]}
          onEdit={(row) => setEditing({ kind: 'law-firm', row })}
          onDelete={(row) => setDeleting({ kind: 'law-firm', id: row.id, name: row.name })}
        />
      )}
      {editing && (
        <ContactFormModal
          key={`${editing.kind}-${editing.row?.id ?? 'new'}`}
          title={`${editing.row ? 'Edit' : 'Add'} ${editing.kind === 'attorney' ? 'Attorney' : 'Law Firm'}`}
          nameLabel={editing.kind === 'attorney' ? 'Attorney name' : 'Law firm name'}
          initial={editing.row ? {
            name: editing.row.name, email: editing.row.email ?? '', phone: editing.row.phone ?? '', address: editing.row.address,
            lawFirmId: editing.kind === 'attorney' ? editing.row.lawFirmId : null,
          } : blank}
          firms={editing.kind === 'attorney' ? firmOptions : undefined}
          saving={saveAttorney.isPending || saveFirm.isPending}
          serverError={saveError}
          onSave={save}
          onClose={closeEditor}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        question={`Delete ${deleting?.kind === 'attorney' ? 'attorney' : 'law firm'} ${deleting?.name ?? ''}?`}
        confirmLabel={deleting?.kind === 'attorney' ? 'Delete attorney' : 'Delete law firm'}
        onYes={confirmDelete}
        onNo={() => setDeleting(null)}
      />
    </Stack>
  );
}
