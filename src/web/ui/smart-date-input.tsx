import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { DATE_MESSAGES, maskDateInput, parseSmartDate, todayUs } from '../../core/smart-date.ts';

export interface SmartDateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** MM/DD/YYYY, or '' when empty. */
  value: string;
  onChange(value: string): void;
  /** Empty input becomes today's date on blur (time rows); otherwise empty stays empty. */
  emptyIsToday?: boolean;
  /** 'inline' shows 'Invalid Date Format! Please fix.' (table cells); 'field' shows the parser's message. */
  errorStyle?: 'inline' | 'field';
  onValidityChange?(valid: boolean): void;
}

/**
 * Smart date entry (SPEC §5): type 'tom', 'next fri', '3 days', '0315', '3/15/26'…; digits are masked
 * as MM/DD/YYYY while typing and the text is resolved to MM/DD/YYYY on blur or Enter.
 */
export function SmartDateInput({
  value, onChange, emptyIsToday, errorStyle = 'field', onValidityChange, onBlur, onKeyDown, ...rest
}: SmartDateInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (!text && !emptyIsToday) {
      setError(null);
      onValidityChange?.(true);
      onChange('');
      return;
    }
    const parsed = text ? parseSmartDate(text, new Date()) : { ok: true as const, value: todayUs(new Date()) };
    if (parsed.ok) {
      setError(null);
      onValidityChange?.(true);
      onChange(parsed.value);
    } else {
      setDraft(text);
      setError(errorStyle === 'inline' ? DATE_MESSAGES.inline : parsed.error);
      onValidityChange?.(false);
    }
  };

  return (
    <TextInput
      {...rest}
      value={draft ?? value}
      placeholder={rest.placeholder ?? 'MM/DD/YYYY'}
      error={error}
      onChange={(e) => setDraft(maskDateInput(e.currentTarget.value))}
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
