import { Box, Group, Loader, Paper, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ADDRESS_MESSAGES, type Address } from '../../../core/address.ts';
import type { TAddressSuggestion } from '../../../core/api/address.ts';
import {
  ADDRESS_CLOSE_DELAY_MS, ADDRESS_DEBOUNCE_MS, ADDRESS_DEFAULT_COUNTRY, ADDRESS_MIN_CHARS,
} from '../../../core/constants.ts';
import { ApiError } from '../../lib/transport.ts';
import { fetchPlace, fetchSuggestions } from './api.ts';
import { AddressParts } from './address-parts.tsx';
import { fieldsOf, ManualAddressForm } from './manual-address-form.tsx';

export interface AddressInputProps {
  label: string;
  value: Address | null;
  onChange(a: Address | null): void;
  required?: boolean;
  /** A message from the surrounding form (e.g. 'Address is required' on submit). */
  error?: string | null;
  /** Comma list of ISO country codes the lookup is limited to; US by default (SPEC §9). */
  country?: string;
  disabled?: boolean;
}

type Lookup =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'results'; items: TAddressSuggestion[] }
  | { state: 'error'; message: string };

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : ADDRESS_MESSAGES.requestFailed(0));

/**
 * The one address field of the app (SPEC §2, §4, §5): automatic lookup through the server's
 * Radar proxy (3 characters, 300 ms debounce, list closes 200 ms after blur), or manual mode
 * with Save and Cancel. The value is the SPEC §3 address object, source 'radar' or 'manual'.
 */
export function AddressInput({
  label, value, onChange, required = false, error, country = ADDRESS_DEFAULT_COUNTRY, disabled,
}: AddressInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [manual, setManual] = useState(false);
  const [text, setText] = useState(value?.fullAddress ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [touched, setTouched] = useState(false);
  const typed = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A value set from outside (a loaded record, a reset form) replaces what the field shows.
  useEffect(() => {
    if (value) typed.current = false;
    if (!typed.current) setText(value?.fullAddress ?? '');
  }, [value]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    const query = text.trim();
    if (!typed.current || query.length < ADDRESS_MIN_CHARS) {
      setLookup({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLookup({ state: 'searching' });
      fetchSuggestions(query, { country, signal: controller.signal })
        .then((r) => {
          setLookup({ state: 'results', items: r.addresses });
          setActive(r.addresses.length > 0 ? 0 : -1);
        })
        .catch((e) => {
          if (!controller.signal.aborted) setLookup({ state: 'error', message: messageOf(e) });
        });
    }, ADDRESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, country]);

  const pick = async (suggestion: TAddressSuggestion) => {
    typed.current = false;
    setOpen(false);
    setText(suggestion.label);
    let address = suggestion.address;
    // A street- or city-level hit lacks a house number or ZIP: ask the place lookup for the full address.
    if ((!address.postalCode || !address.streetAddress1) && address.radarPlaceId) {
      try {
        address = (await fetchPlace(address.radarPlaceId)).address;
      } catch (e) {
        setLookup({ state: 'error', message: messageOf(e) });
      }
    }
    setText(address.fullAddress);
    onChange(address);
  };

  const items = lookup.state === 'results' ? lookup.items : [];
  const showList = open && !manual && lookup.state !== 'idle' && typed.current;
  const requiredError = required && touched && !value && !manual ? ADDRESS_MESSAGES.addressRequired : null;

  const toggleManual = (on: boolean) => {
    setManual(on);
    setOpen(false);
  };

  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Text component="label" htmlFor={manual ? `${id}-street` : id} size="sm" fw={500}>
          {label}{required && <Text span c="red.8"> *</Text>}
        </Text>
        <Switch
          size="xs" label="Manual Entry" checked={manual} disabled={disabled}
          onChange={(e) => toggleManual(e.currentTarget.checked)}
        />
      </Group>
      {manual ? (
        <ManualAddressForm
          idPrefix={id}
          initial={fieldsOf(value)}
          required={required}
          onCancel={() => toggleManual(false)}
          onSave={(a) => {
            typed.current = false;
            setText(a?.fullAddress ?? '');
            onChange(a);
            toggleManual(false);
          }}
        />
      ) : (
        <Box pos="relative">
          <TextInput
            id={id}
            aria-label={label}
            role="combobox"
            aria-expanded={showList}
            aria-controls={listId}
            aria-autocomplete="list"
            autoComplete="off"
            disabled={disabled}
            placeholder="Start typing an address"
            leftSection={<IconMapPin size={16} />}
            rightSection={lookup.state === 'searching' ? <Loader size="xs" /> : null}
            value={text}
            error={error ?? requiredError}
            onChange={(e) => {
              typed.current = true;
              setText(e.currentTarget.value);
              setOpen(true);
              if (value) onChange(null);
            }}
            onFocus={() => {
              clearTimeout(closeTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              setTouched(true);
              closeTimer.current = setTimeout(() => setOpen(false), ADDRESS_CLOSE_DELAY_MS);
            }}
            onKeyDown={(e) => {
              if (!showList) return;
              if (e.key === 'ArrowDown') setActive((i) => Math.min(items.length - 1, i + 1));
              else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
              else if (e.key === 'Escape') setOpen(false);
              else if (e.key === 'Enter' && items[active]) void pick(items[active]);
              else return;
              e.preventDefault();
            }}
          />
          {showList && (
            <Paper withBorder shadow="md" pos="absolute" left={0} right={0} top="100%" mt={4} style={{ zIndex: 300 }}>
              <div id={listId} role="listbox" aria-label={`${label} suggestions`}>
                {items.map((s, i) => (
                  <UnstyledButton
                    key={`${s.address.radarPlaceId ?? s.label}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    display="block" w="100%" px="sm" py={6}
                    bg={i === active ? 'var(--mantine-color-indigo-0)' : undefined}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => void pick(s)}
                  >
                    <Text size="sm">{s.label}</Text>
                  </UnstyledButton>
                ))}
              </div>
              {lookup.state === 'searching' && <Text size="sm" c="dimmed" px="sm" py={6}>Searching…</Text>}
              {lookup.state === 'results' && items.length === 0 && (
                <Text size="sm" c="dimmed" px="sm" py={6}>{ADDRESS_MESSAGES.noResults}</Text>
              )}
              {lookup.state === 'error' && <Text size="sm" c="red.8" px="sm" py={6} role="alert">{lookup.message}</Text>}
            </Paper>
          )}
        </Box>
      )}
      {!manual && value && <AddressParts address={value} />}
      {!manual && !showList && lookup.state === 'error' && (
        <Text size="xs" c="red.8" role="alert">{lookup.message}</Text>
      )}
      <Text size="xs" c="dimmed">Address lookup powered by Radar</Text>
    </Stack>
  );
}
