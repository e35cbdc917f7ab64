import { formatStoredTime, parseSmartTime } from '../../core/smart-time.ts';
import { SmartTextInput, type SmartTextInputProps } from './smart-text-input.tsx';

/** Smart time entry (SPEC §5): '930', '9am', 'noon', '14:30' → shown as 9:30 AM, stored HH:MM:00. */
export function SmartTimeInput(props: SmartTextInputProps) {
  return (
    <SmartTextInput
      placeholder="e.g. 930 or 2pm"
      {...props}
      rules={{
        parse: (text) => {
          const parsed = parseSmartTime(text);
          return parsed.ok ? { ok: true, value: parsed.value.stored } : parsed;
        },
        format: formatStoredTime,
      }}
    />
  );
}
