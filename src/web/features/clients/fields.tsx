import { Autocomplete, Checkbox, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { RETAINED_SIDES, SIDE_LABELS } from '../../../core/cases/conflict-sides.ts';
import { readRefusal } from '../../lib/refusal.ts';
import { useLatestCallback } from '../../lib/stable-props.ts';
import { RefusalAlert } from '../../ui/refusal-alert.tsx';
import { FormSelect, FormTextarea, FormTextInput } from '../../ui/form-inputs.tsx';
import { memoFields } from '../../ui/memo-fields.tsx';
import { AddressInput } from '../../shared/address/address-input.tsx';
import { useAttorneys, useRateCodes } from './api.ts';
import {
  BUILDING_TYPES, PROJECT_TYPES, STATUS_LABELS, type CaseForm, type ClientForm, type ProjectForm,
} from './forms.ts';

type Errors<T> = Partial<Record<keyof T, string>>;

const SIDE_DATA = RETAINED_SIDES.map((s) => ({ value: s, label: SIDE_LABELS[s] }));
const STATUS_DATA = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));

interface FieldsProps<T> { value: T; onChange(next: T): void; errors?: Errors<T>; readOnly?: boolean }

const CLIENT_TYPES = [{ value: 'personal', label: 'Personal' }, { value: 'business', label: 'Business' }];

export const ClientFields = memoFields(function ClientFields({ value, onChange, errors = {}, readOnly }: FieldsProps<ClientForm>) {
  const set = (patch: Partial<ClientForm>) => onChange({ ...value, ...patch });
  // The client type's control (Mantine measures its indicator at each render) stays as it is while a name is typed.
  const setType = useLatestCallback((v: string) => set({ isBusinessClient: v === 'business' }));
  const business = value.isBusinessClient;
  const clientType = useMemo(() => (
    <div>
      <Text size="sm" fw={500} mb={4} id="client-type-label">Client type</Text>
      <SegmentedControl aria-labelledby="client-type-label" disabled={readOnly} value={business ? 'business' : 'personal'}
        onChange={setType} data={CLIENT_TYPES} />
    </div>
  ), [business, readOnly, setType]);
  return (
    <Stack gap="sm">
      {clientType}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput label={value.isBusinessClient ? 'Business name' : 'Client name'} required readOnly={readOnly}
          value={value.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} />
        <FormTextInput label="Contact name" readOnly={readOnly} value={value.contactName} error={errors.contactName}
          onChange={(e) => set({ contactName: e.currentTarget.value })}
          description={value.isBusinessClient ? 'The person we deal with at the business' : undefined} />
        <FormTextInput label="Last name" readOnly={readOnly} value={value.lastName} error={errors.lastName}
          onChange={(e) => set({ lastName: e.currentTarget.value })}
          description={value.isBusinessClient ? undefined : 'Used in report file names; defaults to the last word of the name'} />
        <FormTextInput label="E-mail" type="email" readOnly={readOnly} value={value.email}
          onChange={(e) => set({ email: e.currentTarget.value })} error={errors.email} />
        <FormTextInput label="Phone" type="tel" readOnly={readOnly} value={value.phone} error={errors.phone}
          onChange={(e) => set({ phone: e.currentTarget.value })} />
      </SimpleGrid>
      <Text size="sm" fw={600} mt="xs">Billing</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput label="Bill-to name" readOnly={readOnly} value={value.billToName} error={errors.billToName}
          placeholder={value.name || 'The client name'} description="Who bills are addressed to; empty: the client name"
          onChange={(e) => set({ billToName: e.currentTarget.value })} />
        <Group grow align="flex-start">
          <FormTextInput label="Payment terms (days)" readOnly={readOnly} inputMode="numeric" value={value.termsDays} error={errors.termsDays}
            description="0: due on receipt" onChange={(e) => set({ termsDays: e.currentTarget.value })} />
          <FormTextInput label="LEDES client id" readOnly={readOnly} value={value.ledesClientId} error={errors.ledesClientId}
            description="For e-billing" onChange={(e) => set({ ledesClientId: e.currentTarget.value })} />
        </Group>
      </SimpleGrid>
      <FormTextarea label="Billing address" readOnly={readOnly} autosize minRows={2} value={value.billingAddress} error={errors.billingAddress}
        onChange={(e) => set({ billingAddress: e.currentTarget.value })} />
    </Stack>
  );
});

export const CaseFields = memoFields(function CaseFields({ value, onChange, errors = {}, readOnly }: FieldsProps<CaseForm>) {
  const set = (patch: Partial<CaseForm>) => onChange({ ...value, ...patch });
  const attorneys = useAttorneys();
  const rateCodes = useRateCodes();
  // The Selects render again only when their own props change (ui/form-inputs.tsx), so their lists keep their identity.
  const attorneyData = useMemo(() => (attorneys.data?.attorneys ?? []).map((a) => ({
    value: a.id, label: a.lawFirmName ? `${a.name} — ${a.lawFirmName}` : a.name,
  })), [attorneys.data]);
  const rateCodeData = useMemo(() => (rateCodes.data?.rateCodes ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` })), [rateCodes.data]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <FormTextInput label="File number" required readOnly={readOnly} value={value.fileNumber}
        onChange={(e) => set({ fileNumber: e.currentTarget.value })} error={errors.fileNumber} />
      <FormTextInput label="Case name" readOnly={readOnly} value={value.caseName} error={errors.caseName}
        onChange={(e) => set({ caseName: e.currentTarget.value })} />
      <FormSelect label="Attorney and law firm" placeholder={attorneys.isLoading ? 'Loading attorneys…' : 'Pick an attorney'}
        searchable clearable readOnly={readOnly} data={attorneyData} value={value.attorneyId}
        onChange={(v) => set({ attorneyId: v })} nothingFoundMessage="No attorney by that name — add one under Attorneys & Law Firms"
        error={errors.attorneyId ?? (attorneys.error ? 'Could not load the attorneys' : undefined)} />
      <FormSelect label="Rate code" placeholder={rateCodes.isLoading ? 'Loading rate codes…' : 'Pick a rate code'}
        searchable clearable readOnly={readOnly} data={rateCodeData} value={value.rateCodeId}
        onChange={(v) => set({ rateCodeId: v })} error={errors.rateCodeId ?? (rateCodes.error ? 'Could not load the rate codes' : undefined)} />
      <FormTextInput label="LEDES matter id" readOnly={readOnly} value={value.clientMatterId} error={errors.clientMatterId}
        description="The client's own number for this matter, for e-billing" onChange={(e) => set({ clientMatterId: e.currentTarget.value })} />
      <FormSelect label="Retained by" placeholder="Which side retained the firm" clearable readOnly={readOnly} value={value.retainedSide}
        data={SIDE_DATA} error={errors.retainedSide}
        onChange={(v) => set({ retainedSide: v as CaseForm['retainedSide'] })} />
      <FormTextInput label="Date of loss" type="date" readOnly={readOnly} value={value.dateOfLoss} error={errors.dateOfLoss}
        onChange={(e) => set({ dateOfLoss: e.currentTarget.value })} />
      <FormTextInput label="Claim number" readOnly={readOnly} value={value.claimNumber} error={errors.claimNumber}
        onChange={(e) => set({ claimNumber: e.currentTarget.value })} />
      <FormTextInput label="Policy number" readOnly={readOnly} value={value.policyNumber} error={errors.policyNumber}
        onChange={(e) => set({ policyNumber: e.currentTarget.value })} />
    </SimpleGrid>
  );
});

export const ProjectFields = memoFields(function ProjectFields({ value, onChange, errors = {}, readOnly }: FieldsProps<ProjectForm>) {
  const set = (patch: Partial<ProjectForm>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormTextInput label="Project number" required readOnly={readOnly} value={value.projectNumber}
          onChange={(e) => set({ projectNumber: e.currentTarget.value })} error={errors.projectNumber} />
        <FormTextInput label="Project name" readOnly={readOnly} value={value.projectName} placeholder="Unnamed Project"
          error={errors.projectName} onChange={(e) => set({ projectName: e.currentTarget.value })} />
      </SimpleGrid>
      <AddressInput label="Property address" value={value.address} onChange={(a) => set({ address: a })} disabled={readOnly}
        error={errors.address} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Autocomplete label="Project type" readOnly={readOnly} data={PROJECT_TYPES} value={value.projectType}
          error={errors.projectType} onChange={(v) => set({ projectType: v })} />
        <Autocomplete label="Building type" readOnly={readOnly} data={BUILDING_TYPES} value={value.buildingType}
          error={errors.buildingType} onChange={(v) => set({ buildingType: v })} />
        <FormSelect label="Status" readOnly={readOnly} allowDeselect={false} value={value.status} error={errors.status}
          data={STATUS_DATA}
          onChange={(v) => v && set({ status: v as ProjectForm['status'] })} />
      </SimpleGrid>
      <Checkbox label="Primary project (its address is the case address)" disabled={readOnly} error={errors.isPrimaryProject}
        checked={value.isPrimaryProject} onChange={(e) => set({ isPrimaryProject: e.currentTarget.checked })} />
    </Stack>
  );
});

/** The reason a save failed, next to the button that failed, for a form whose fields a refusal cannot name. */
export function SaveError({ error }: { error: unknown }) {
  return <RefusalAlert refusal={error ? readRefusal(error, []) : null} labels={{}} />;
}
