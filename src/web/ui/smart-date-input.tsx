import { DATE_MESSAGES, maskDateInput, parseSmartDate, todayUs } from '../../core/smart-date.ts';
import { SmartTextInput, type SmartTextInputProps } from './smart-text-input.tsx';

export interface SmartDateInputProps extends SmartTextInputProps {
  /** Empty input becomes today's date on blur (time rows); otherwise empty stays empty. */
  emptyIsToday?: boolean;
  /** 'inline' shows 'Invalid Date Format! Please fix.' (table cells); 'field' shows the parser's message. */
  errorStyle?: 'inline' | 'field';
}

/**
 * Smart date entry (SPEC §5): type 'tom', 'next fri', '3 days', '0315', '3/15/26'…; digits are masked
 * as MM/DD/YYYY while typing and the text is resolved to MM/DD/YYYY (the stored value) on blur or Enter.
 */
export function SmartDateInput({ emptyIsToday, errorStyle = 'field', ...props }: SmartDateInputProps) {
  return (
    <SmartTextInput
      placeholder="MM/DD/YYYY"
      {...props}
      rules={{
        parse: (text) => {
          const parsed = parseSmartDate(text, new Date());
          return parsed.ok || errorStyle === 'field' ? parsed : { ok: false, error: DATE_MESSAGES.inline };
        },
        mask: maskDateInput,
        whenEmpty: emptyIsToday ? () => todayUs(new Date()) : undefined,
      }}
    />
  );
}
