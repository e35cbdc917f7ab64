import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { Result } from '../../core/result.ts';

export interface SmartTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** The stored value, or '' when empty. */
  value: string;
  onChange(value: string): void;
  onValidityChange?(valid: boolean): void;
}

interface Rules {
  /** Reads what the user typed (never empty) into the stored value, or the message to show. */
  parse(text: string): Result<string>;
  /** How a stored value reads in the box. */
  format?(value: string): string;
  /** Reshapes the text while it is typed. */
  mask?(raw: string): string;
  /** What an emptied box stores ('' unless given). */
  whenEmpty?(): string;
}

/**
 * A text box that keeps what the user types as a draft and resolves it on blur or Enter: the
 * shared behaviour of smart date and smart time entry (SPEC §5). An unreadable draft stays in
 * the box with its message, so nothing typed is lost.
 */
export function SmartTextInput({ value, onChange, onValidityChange, onBlur, onKeyDown, rules, ...rest }: SmartTextInputProps & { rules: Rules }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    const parsed: Result<string> = text ? rules.parse(text) : { ok: true, value: rules.whenEmpty?.() ?? '' };
    if (parsed.ok) {
      setError(null);
      onValidityChange?.(true);
      onChange(parsed.value);
    } else {
      setDraft(text);
      setError(parsed.error);
      onValidityChange?.(false);
    }
  };

  return (
    <TextInput
      {...rest}
      value={draft ?? (value && rules.format ? rules.format(value) : value)}
      error={error}
      onChange={(e) => setDraft(rules.mask ? rules.mask(e.currentTarget.value) : e.currentTarget.value)}
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
