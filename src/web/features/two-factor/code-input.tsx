import { TextInput } from '@mantine/core';

/** A 6-digit code field: digits keyboard on phones, and the browser's one-time-code autofill. */
export function CodeInput(props: { label: string; value: string; onChange(value: string): void; autoFocus?: boolean; recovery?: boolean }) {
  return (
    <TextInput label={props.label} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)} required autoFocus={props.autoFocus}
      autoComplete={props.recovery ? 'off' : 'one-time-code'} inputMode={props.recovery ? 'text' : 'numeric'} maxLength={props.recovery ? 20 : 7}
      spellCheck={false} styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }} />
  );
}
