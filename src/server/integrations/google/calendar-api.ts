import type { EventPayload } from '../../../core/calendar/calendar-event.ts';

// Calendar v3 (SPEC §7 "Calendar service"), reached at GOOGLE_CALENDAR_URL with a bearer token.

const TIMEOUT_MS = 10_000;
/** Pages of an events list read at most (250 events each): a day never has more. */
const MAX_PAGES = 4;

/** Any answer other than 2xx; `reason` is Google's error reason (rateLimitExceeded, duplicate…). */
export class CalendarHttpError extends Error {
  constructor(readonly status: number, readonly reason: string, message: string, readonly retryAfterMs?: number) {
    super(message);
  }
}

/** The event is not there (any more): 404 or 410, deleted in Google or never made. */
export const isGone = (error: unknown) => error instanceof CalendarHttpError && (error.status === 404 || error.status === 410);

interface CalendarEvent {
  id: string;
  status?: string;
  summary?: string;
  [key: string]: unknown;
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

export class CalendarApi {
  constructor(private readonly baseUrl: string, private readonly accessToken: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T | null> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 204) return null;
    const json = await res.json().catch(() => null) as { error?: { message?: string; errors?: { reason?: string }[] } } | null;
    if (!res.ok) {
      const reason = json?.error?.errors?.[0]?.reason ?? '';
      throw new CalendarHttpError(res.status, reason, json?.error?.message ?? `HTTP ${res.status}`, retryAfter(res.headers.get('retry-after')));
    }
    return json as T;
  }

  primaryCalendar() {
    return this.call<{ id: string; summary?: string }>('GET', '/calendars/primary');
  }

  /** Create with our own id: a 409 means it exists already (an earlier attempt got through). */
  insertEvent(id: string, payload: EventPayload) {
    return this.call<CalendarEvent>('POST', '/calendars/primary/events', { id, ...payload });
  }

  getEvent(id: string) {
    return this.call<CalendarEvent>('GET', `/calendars/primary/events/${encodeURIComponent(id)}`);
  }

  updateEvent(id: string, payload: EventPayload) {
    // status: confirmed also brings back an event that was cancelled in Google.
    return this.call<CalendarEvent>('PUT', `/calendars/primary/events/${encodeURIComponent(id)}`, { ...payload, status: 'confirmed' });
  }

  /**
   * The events between two instants, recurring ones as single occurrences, by start time
   * (every page, up to MAX_PAGES).
   */
  async listEvents(timeMin: Date, timeMax: Date): Promise<CalendarEvent[]> {
    const events: CalendarEvent[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        timeMin: timeMin.toISOString(), timeMax: timeMax.toISOString(), singleEvents: 'true', orderBy: 'startTime', maxResults: '250',
        ...(pageToken ? { pageToken } : {}),
      });
      const answer = await this.call<{ items?: CalendarEvent[]; nextPageToken?: string }>('GET', `/calendars/primary/events?${query}`);
      if (Array.isArray(answer?.items)) events.push(...answer.items);
      pageToken = answer?.nextPageToken;
      if (!pageToken) break;
    }
    return events;
  }

  /** Deletes the event; false if it was gone already (404 and 410 count as done). */
  async deleteEvent(id: string): Promise<boolean> {
    try {
      await this.call<null>('DELETE', `/calendars/primary/events/${encodeURIComponent(id)}`);
      return true;
    } catch (error) {
      if (isGone(error)) return false;
      throw error;
    }
  }
}
