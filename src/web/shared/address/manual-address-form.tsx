import { Autocomplete, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ADDRESS_MESSAGES, formatZip, manualAddress, normalizeState, stateName, US_STATES, validateManualAddress,
  type Address,
} from '../../../core/address.ts';

export interface ManualFields { streetAddress1: string; streetAddress2: string; city: string; stateCode: string; postalCode: string }

const emptyFields: ManualFields = { streetAddress1: '', streetAddress2: '', city: '', stateCode: '', postalCode: '' };

export function fieldsOf(a: Address | null): ManualFields {
  if (!a) return emptyFields;
  return {
    streetAddress1: a.streetAddress1, streetAddress2: a.streetAddress2, city: a.city,
    stateCode: a.stateCode, postalCode: a.postalCode,
  };
}

const STATE_CODES = US_STATES.map((s) => s.code);

type FieldErrors = Partial<Record<keyof ManualFields, string>>;

function errorsByField(messages: string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const m of messages) {
    if (m === ADDRESS_MESSAGES.streetRequired) errors.streetAddress1 = m;
    if (m === ADDRESS_MESSAGES.cityRequired) errors.city = m;
    if (m === ADDRESS_MESSAGES.stateRequired) errors.stateCode = m;
    if (m === ADDRESS_MESSAGES.zipRequired) errors.postalCode = m;
  }
  return errors;
}

/**
 * Manual mode of the address component (SPEC §4 Address, §5): street, unit, city, state
 * (upper case, two letters, from the state table) and ZIP (digits, 5 or 5+4), with Save and Cancel.
 */
export function ManualAddressForm({ idPrefix, initial, required, onSave, onCancel }: {
  idPrefix: string;
  initial: ManualFields;
  required: boolean;
  onSave(address: Address | null): void;
  onCancel(): void;
}) {
  const [fields, setFields] = useState<ManualFields>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof ManualFields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const save = () => {
    const blank = Object.values(fields).every((v) => !v.trim());
    // An optional address may be cleared by saving nothing at all.
    if (blank && !required) {
      onSave(null);
      return;
    }
    const problems = validateManualAddress(fields);
    if (problems.length > 0) {
      setErrors(errorsByField(problems));
      return;
    }
    onSave(manualAddress(fields));
  };

  const knownState = fields.stateCode.length === 2 ? stateName(fields.stateCode) : '';
  return (
    // Framed, so its Save and Cancel read as the address's own, not the surrounding form's.
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
    <Stack
      gap="xs" role="group" aria-label="Manual address entry"
      // Enter saves this address rather than submitting the surrounding form.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && !e.defaultPrevented) {
          e.preventDefault();
          save();
        }
      }}
    >
      <TextInput
        id={`${idPrefix}-street`} label="Street address" required={required} value={fields.streetAddress1}
        error={errors.streetAddress1} autoComplete="address-line1"
        onChange={(e) => set('streetAddress1', e.currentTarget.value)}
      />
      <TextInput
        id={`${idPrefix}-unit`} label="Unit/Suite" autoComplete="address-line2" value={fields.streetAddress2}
        placeholder={fields.streetAddress1.trim() ? '' : ADDRESS_MESSAGES.unitPlaceholder}
        onChange={(e) => set('streetAddress2', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput
          id={`${idPrefix}-city`} label="City" required={required} value={fields.city} error={errors.city}
          autoComplete="address-level2" onChange={(e) => set('city', e.currentTarget.value)}
        />
        <Autocomplete
          id={`${idPrefix}-state`} label="State" required={required} value={fields.stateCode} maxLength={2}
          data={STATE_CODES} inputWrapperOrder={['label', 'input', 'description', 'error']}
          renderOption={({ option }) => `${option.value} — ${stateName(option.value)}`} error={errors.stateCode} autoComplete="address-level1"
          description={knownState || (fields.stateCode.length === 2 ? 'Not in the state code table' : undefined)}
          onChange={(v) => set('stateCode', normalizeState(v))}
        />
        <TextInput
          id={`${idPrefix}-zip`} label="ZIP" required={required} value={fields.postalCode} error={errors.postalCode}
          inputMode="numeric" autoComplete="postal-code" maxLength={10}
          onChange={(e) => set('postalCode', formatZip(e.currentTarget.value))}
        />
      </SimpleGrid>
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="xs" onClick={onCancel}>Cancel</Button>
        <Button size="xs" onClick={save}>Save</Button>
      </Group>
    </Stack>
    </Paper>
  );
}
