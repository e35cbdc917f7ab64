import { TextInput } from '@mantine/core';
import { errorText } from '../../lib/transport.ts';
import { useState, type FormEvent } from 'react';

/** A 6-digit code field: digits keyboard on phones, and the browser's one-time-code autofill. */
export function CodeInput(props: { label: string; value: string; onChange(value: string): void; autoFocus?: boolean; recovery?: boolean }) {
  return (
    <TextInput label={props.label} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)} required autoFocus={props.autoFocus}
      autoComplete={props.recovery ? 'off' : 'one-time-code'} inputMode={props.recovery ? 'text' : 'numeric'} maxLength={props.recovery ? 20 : 7}
      spellCheck={false} styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em' } }} />
  );
}

/**
 * A form that sends one code (sign-in's second step, the first code of a set-up): a refused code
 * shows the server's sentence and empties the field for the next one.
 */
export function useCodeEntry(send: (code: string) => Promise<void>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send(code);
    } catch (e) {
      setError(errorText(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setCode('');
    setError(null);
  };
  return { code, setCode, error, setError, busy, submit: (e: FormEvent) => void submit(e), reset };
}
