import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatStoredTime, parseSmartTime } from '../../core/smart-time.ts';

export interface SmartTimeInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** Stored form HH:MM:00, or '' when empty. */
  value: string;
  onChange(stored: string): void;
  onValidityChange?(valid: boolean): void;
}

/** Smart time entry (SPEC §5): '930', '9am', 'noon', '14:30' → shown as 9:30 AM, stored HH:MM:00. */
export function SmartTimeInput({ value, onChange, onValidityChange, onBlur, onKeyDown, ...rest }: SmartTimeInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (!text) {
      setError(null);
      onValidityChange?.(true);
      onChange('');
      return;
    }
    const parsed = parseSmartTime(text);
    if (parsed.ok) {
      setError(null);
      onValidityChange?.(true);
      onChange(parsed.value.stored);
    } else {
      setDraft(text);
      setError(parsed.error);
      onValidityChange?.(false);
    }
  };

  return (
    <TextInput
      {...rest}
      value={draft ?? (value ? formatStoredTime(value) : '')}
      placeholder={rest.placeholder ?? 'e.g. 930 or 2pm'}
      error={error}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={(e) => {
        commit();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        onKeyDown?.(e);
      }}
    />
  );
}
