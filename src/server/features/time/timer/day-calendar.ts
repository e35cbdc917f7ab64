import { z } from 'zod';
import type { TDay } from '../../../../core/api/timesheet.ts';
import { eventInstant, isSuggestedEvent, type CalendarEventLike } from '../../../../core/time/day-suggestions.ts';
import { zonedToUtc } from '../../../../core/calendar/ics.ts';
import { type CalendarConnection, calendarErrorMessage, CalendarUnavailable } from '../../calendar/index.ts';
import { addDays } from '../../../../core/dates/iso-date.ts';

// The day's events from the firm's Google Calendar (docs/decisions/186), through the existing
// connection (token refresh, one retry after a 401). No failure of Google fails the day: it
// answers the calendar's state in words instead.

const ZTime = z.object({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() }).loose();
const ZEvent = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  start: ZTime.optional(),
  end: ZTime.optional(),
  attendees: z.array(z.object({ email: z.string().optional(), responseStatus: z.string().optional() }).loose()).optional(),
}).loose();

export interface CalendarDay {
  calendar: TDay['calendar'];
  /** The events that are the person's time that day (see isSuggestedEvent), by start. */
  events: (CalendarEventLike & { start: { dateTime: string; timeZone?: string }; end: { dateTime: string; timeZone?: string } })[];
}

/** The firm's calendar day: from its midnight to the next, on the firm's clock. */
const dayBounds = (date: string, timeZone: string) =>
  [zonedToUtc(`${date}T00:00:00`, timeZone), zonedToUtc(`${addDays(date, 1)}T00:00:00`, timeZone)] as const;

/** The events of `date` in which `email` takes part; an event Google sent that cannot be read is left out. */
export async function calendarDay(
  connection: CalendarConnection,
  options: { date: string; email: string; timeZone: string },
): Promise<CalendarDay> {
  const [timeMin, timeMax] = dayBounds(options.date, options.timeZone);
  try {
    const listed = await connection.withApi((api) => api.listEvents(timeMin, timeMax));
    const events = listed
      .flatMap((raw) => {
        const parsed = ZEvent.safeParse(raw);
        return parsed.success && isSuggestedEvent(parsed.data, options) ? [parsed.data as CalendarDay['events'][number]] : [];
      })
      .sort((a, b) => eventInstant(a.start, options.timeZone).getTime() - eventInstant(b.start, options.timeZone).getTime());
    return { calendar: { state: 'connected' }, events };
  } catch (error) {
    if (error instanceof CalendarUnavailable && (error.reason === 'notConfigured' || error.reason === 'notConnected')) {
      return { calendar: { state: 'not-connected' }, events: [] };
    }
    return { calendar: { state: 'failed', message: calendarErrorMessage(error) }, events: [] };
  }
}
