import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { Result } from '../../core/result.ts';

export interface SmartTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  /** A problem from outside (a refused save); the box's own reading problem shows first. */
  error?: string;
  /** The stored value, or '' when empty. */
  value: string;
  onChange(value: string): void;
  onValidityChange?(valid: boolean): void;
}

export interface SmartTextRules {
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
 * A text box's draft that resolves on blur or Enter: the shared behaviour of smart date and smart
 * time entry (SPEC §5). An unreadable draft stays in the box with its message, so nothing typed
 * is lost. Forms show it in a Mantine TextInput, table cells in a plain input (500 rows render fast).
 */
export function useSmartText(options: Pick<SmartTextInputProps, 'value' | 'onChange' | 'onValidityChange'> & { rules: SmartTextRules }) {
  const { value, onChange, onValidityChange, rules } = options;
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

  return {
    text: draft ?? (value && rules.format ? rules.format(value) : value),
    error,
    type: (raw: string) => setDraft(rules.mask ? rules.mask(raw) : raw),
    commit,
  };
}

export function SmartTextInput({ value, onChange, onValidityChange, onBlur, onKeyDown, rules, error, ...rest }: SmartTextInputProps & { rules: SmartTextRules }) {
  const smart = useSmartText({ value, onChange, onValidityChange, rules });
  return (
    <TextInput
      {...rest}
      value={smart.text}
      error={smart.error ?? error}
      onChange={(e) => smart.type(e.currentTarget.value)}
      onBlur={(e) => {
        smart.commit();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') smart.commit();
        onKeyDown?.(e);
      }}
    />
  );
}
