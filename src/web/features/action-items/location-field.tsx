import { useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY_NAME, type Address } from '../../../core/address.ts';
import { AddressInput } from '../../shared/address/address-input.tsx';

export interface LocationValue {
  /** What the item's location column keeps (and the table and calendar show). */
  location: string;
  /** The picked or manually entered address object, when there is one. */
  locationAddress: Record<string, unknown> | null;
}

// An item saved with plain text only (older items, typed places like "Zoom"): shown as that text.
function textOnly(text: string): Address {
  return {
    fullAddress: text, streetAddress1: '', streetAddress2: '', city: '', stateCode: '', stateName: '', postalCode: '',
    country: DEFAULT_COUNTRY_NAME, source: 'manual', radarPlaceId: null,
  };
}

/**
 * Location (optional) with the address component (SPEC §2). A picked or manual address is
 * stored as the object plus its full text; text typed without picking a suggestion is kept as
 * plain text rather than silently dropped.
 */
export function LocationField({ value, onChange, error }: { value: LocationValue; onChange(v: LocationValue): void; error?: string }) {
  const [legacy] = useState(() => (value.location && !value.locationAddress ? textOnly(value.location) : null));
  const [typed, setTyped] = useState(false);
  const shown = (value.locationAddress as Address | null) ?? (typed ? null : legacy);

  // The address component reports only picked addresses; its typed text bubbles up here.
  const onTyping = (e: FormEvent<HTMLDivElement>) => {
    const target = e.target as HTMLInputElement;
    if (target.getAttribute('role') !== 'combobox') return;
    setTyped(true);
    onChange({ location: target.value, locationAddress: null });
  };

  return (
    <div onChange={onTyping}>
      <AddressInput
        label="Location"
        value={shown}
        error={error}
        onChange={(a) => {
          if (a) onChange({ location: a.fullAddress, locationAddress: { ...a } });
          else if (!typed) onChange({ location: '', locationAddress: null });
        }}
      />
    </div>
  );
}
