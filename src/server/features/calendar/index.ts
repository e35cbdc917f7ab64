// The calendar feature as other features see it: the firm's Google connection and its errors in
// words (the timesheet's day view reads the day's events; deadlines sync their events through it).
export { CalendarConnection } from './connection.ts';
export { CalendarUnavailable, calendarErrorMessage, calendarJobError } from './errors.ts';
