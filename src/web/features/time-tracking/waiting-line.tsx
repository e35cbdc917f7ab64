import { Alert, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { firmDateTime } from '../../../core/dates/firm-clock.ts';
import { formatCurrency, formatHours } from '../../../core/money.ts';
import { useFirmTimeZone } from '../../shared/auth.tsx';
import type { EntryStore } from '../../shared/entries/index.ts';
import type { ExpenseStore } from './expense-row.tsx';
import type { TimeStore } from './time-row.tsx';
import { expenseTotalOf, refusedRowsOf, timeHoursOf, waitingRowsOf } from './totals.ts';
import { useStoreValue, useTotalAfterPaint } from './use-store.ts';

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** ' · 2 rows waiting · 1 row not saved', or '' when every row is on the server. */
function useWaitingWords<D, X>(store: EntryStore<D, X>): string {
  const waiting = useStoreValue(store, waitingRowsOf, 0);
  const refused = useStoreValue(store, refusedRowsOf, 0);
  return `${waiting ? ` · ${rows(waiting)} waiting` : ''}${refused ? ` · ${rows(refused)} not saved` : ''}`;
}

/** Under the time table, for everyone (hours are not money): 'Total 7.5 h · 2 rows waiting'. */
export function TimeWaitingLine({ store }: { store: TimeStore }) {
  const hours = useTotalAfterPaint(store, timeHoursOf);
  const words = useWaitingWords(store);
  return <Text role="status" size="sm" mt="xs" className="tt-waiting-line">Total {formatHours(hours)} h{words}</Text>;
}

/** Under the expense table (amounts are shown to every role): 'Total $45.00 · 1 row waiting'. */
export function ExpenseWaitingLine({ store }: { store: ExpenseStore }) {
  const total = useTotalAfterPaint(store, expenseTotalOf);
  const words = useWaitingWords(store);
  return <Text role="status" size="sm" mt="xs" className="tt-waiting-line">Total {formatCurrency(total)}{words}</Text>;
}

/** The project was opened without a connection: what is shown is the copy kept when it was last opened. */
export function KeptNotice({ keptAt }: { keptAt: number }) {
  const when = firmDateTime(keptAt, useFirmTimeZone(), false);
  return (
    <Alert mt="xs" color="gray" icon={<IconCloudOff size={18} />} p="xs">
      Offline: the entries as they were on {when}. New rows and changes wait and are sent when the connection returns.
    </Alert>
  );
}
