// The calendar feature as other features see it: the firm's Google connection and its errors in
// words (the timesheet's day view reads the day's events).
export { CalendarConnection } from './connection.ts';
export { CalendarUnavailable, calendarErrorMessage } from './errors.ts';
