import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { memo } from 'react';
import type { SheetRow } from './cell-store.ts';
import { Cell } from './cell.tsx';
import { dayLabel, type GridContext } from './grid-context.ts';
import { ALL_DAYS, HoursTotal, useRowEmpty } from './totals.tsx';

interface Props {
  ctx: GridContext;
  rows: SheetRow[];
  days: string[];
  /** The day whose view is open (its header is pressed). */
  openDay: string | null;
  onDay(day: string): void;
  onRemoveRow(row: SheetRow): void;
}

/** The week's grid: rows project × job title, the seven days, totals per day, row and week. */
export function Grid({ ctx, rows, days, openDay, onDay, onRemoveRow }: Props) {
  return (
    <div className="ts-scroll">
      <table className="ts-grid" aria-label="Timesheet">
        <thead>
          <tr>
            <th scope="col" className="ts-lead">Project · Job title</th>
            {days.map((day) => (
              <th scope="col" key={day} className="ts-day">
                <button type="button" className="ts-day-button" aria-pressed={openDay === day} onClick={() => onDay(day)}
                  title="Open the day's view">{dayLabel(day)}</button>
              </th>
            ))}
            <th scope="col" className="ts-sum">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <Row key={row.id} ctx={ctx} row={row} r={r} days={days} onRemove={onRemoveRow} />
          ))}
          {rows.length === 0 && (
            <tr><td colSpan={9}><Text c="dimmed" size="sm" p="sm">No rows yet: add a project below, or copy last week's rows.</Text></td></tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="ts-lead">Total</th>
            {days.map((day, d) => (
              <td key={day} className="ts-sum"><HoursTotal ctx={ctx} rows={rows} days={[d]} label={`Total ${dayLabel(day)}`} /></td>
            ))}
            <td className="ts-sum ts-week-total"><HoursTotal ctx={ctx} rows={rows} days={ALL_DAYS} label="Week total" /></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const Row = memo(function Row({ ctx, row, r, days, onRemove }: {
  ctx: GridContext; row: SheetRow; r: number; days: string[]; onRemove(row: SheetRow): void;
}) {
  const empty = useRowEmpty(ctx, row);
  const one = [row];
  return (
    <tr data-row={row.id}>
      <th scope="row" className="ts-lead">
        <div className="ts-lead-box">
          <div className="ts-lead-text">
            <Text size="sm" fw={600} lineClamp={1} title={row.projectLabel}>{row.projectLabel}</Text>
            <Text size="xs" c="dimmed" lineClamp={1}>{row.jobType}{row.clientName ? ` · ${row.clientName}` : ''}</Text>
          </div>
          {row.kept && empty && !ctx.lock && (
            <Tooltip label="Remove row">
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove row ${row.projectLabel}, ${row.jobType}`}
                onClick={() => onRemove(row)}><IconX size={14} /></ActionIcon>
            </Tooltip>
          )}
        </div>
      </th>
      {days.map((date, day) => (
        <Cell key={date} ctx={ctx} row={row} r={r} day={day} date={date}
          label={`Hours, ${row.projectLabel}, ${row.jobType}, ${dayLabel(date)}`} />
      ))}
      <td className="ts-sum"><HoursTotal ctx={ctx} rows={one} days={ALL_DAYS} label={`Total ${row.projectLabel}, ${row.jobType}`} /></td>
    </tr>
  );
});
