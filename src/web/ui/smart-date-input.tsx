import { useId, useMemo } from 'react';
import { GRID_CELL } from './grid-cell.ts';
import { DATE_MESSAGES, maskDateInput, parseSmartDate, todayUs } from '../../core/smart-date.ts';
import { SmartTextInput, useSmartText, type SmartTextInputProps, type SmartTextRules } from './smart-text-input.tsx';
import { useToday } from './today.ts';

// Smart date entry (SPEC §5): type 'tom', 'next fri', '3 days', '0315', '3/15/26'…; digits are masked
// as MM/DD/YYYY while typing and the text is resolved to MM/DD/YYYY (the stored value) on blur or Enter.
const dateRules = (cell: boolean, today: () => Date): SmartTextRules => ({
  parse: (text) => {
    const parsed = parseSmartDate(text, today());
    // Table cells say 'Invalid Date Format! Please fix.'; forms say what the parser found.
    return parsed.ok || !cell ? parsed : { ok: false, error: DATE_MESSAGES.inline };
  },
  mask: maskDateInput,
  // An emptied cell of a time or expense row becomes today; an emptied form field stays empty.
  whenEmpty: cell ? () => todayUs(today()) : undefined,
});

/** The rules, counting from the firm's today. */
function useDateRules(cell: boolean): SmartTextRules {
  const today = useToday();
  return useMemo(() => dateRules(cell, today), [cell, today]);
}

/** A form's smart date field. */
export function SmartDateInput(props: SmartTextInputProps) {
  return <SmartTextInput placeholder="MM/DD/YYYY" {...props} rules={useDateRules(false)} />;
}

/** The smart Date cell of time and expense rows: a plain input, its message under it. */
export function SmartDateCell({ value, onChange, onValidityChange, disabled }: {
  value: string; onChange(value: string): void; onValidityChange(valid: boolean): void; disabled: boolean;
}) {
  const smart = useSmartText({ value, onChange, onValidityChange, rules: useDateRules(true) });
  const errorId = useId();
  return (
    <>
      <input aria-label="Date" {...GRID_CELL} placeholder="MM/DD/YYYY" disabled={disabled} value={smart.text}
        aria-invalid={smart.error !== null} aria-describedby={smart.error ? errorId : undefined}
        onChange={(e) => smart.type(e.currentTarget.value)} onBlur={smart.commit}
        onKeyDown={(e) => e.key === 'Enter' && smart.commit()} />
      {smart.error && <div id={errorId} className="tt-cell-error">{smart.error}</div>}
    </>
  );
}
