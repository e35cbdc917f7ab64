// Business constants and limits (SPEC §9). Durations are milliseconds unless named otherwise.

// Time and expense rows
export const AUTO_SAVE_DEBOUNCE_MS = 1000;
export const DELETE_CONFIRM_MS = 3000;
export const INITIALS_MAX = 3;
export const HOURS_STEP = 0.1;
export const AMOUNT_STEP = 0.01;

export const EXPENSE_TYPES = [
  'Bus Trip Total',
  'CpyScngPrntg',
  'Fuel',
  'Airfare',
  'Rental Car',
  'Hotel',
  'Parking',
  'Food',
  'Crew/Support',
  'Custom...',
] as const;
/** The expense-type choice that reveals the free-text field. */
export const CUSTOM_EXPENSE_TYPE = 'Custom...';

export const WORK_DETAIL_SUGGESTIONS = [
  'email',
  'tc',
  'tt/tf',
  'evidence stor.',
  'corr',
  'memo',
  'report',
  'calendar',
  'review',
  'expense',
  'workfile',
  'research',
] as const;

// Search and pickers
export const PROJECT_PICKER_LIMIT = 10;
export const CASE_SEARCH_MIN = 2;
/** Projects kept on a device for the offline project search of a new field report (docs/decisions/108). */
export const OFFLINE_PROJECTS_LIMIT = 500;
export const ASSIGNEE_SUGGESTIONS = 10;

// Session and cookies (names shared by server and browser)
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'csrf-token';
export const AUTH_FLAG_COOKIE = 'isAuthenticated';
export const SESSION_REFRESH_MS = 15 * 60 * 1000;
export const IS_AUTH_COOKIE_DAYS = 7;
export const CSRF_COOKIE_DAYS = 1;
export const CSRF_TOKEN_BYTES = 32;

// Calendar connection
export const CALENDAR_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const CALENDAR_BACKGROUND_REFRESH_WINDOW_MS = 15 * 60 * 1000;
export const CALENDAR_ON_DEMAND_REFRESH_WINDOW_MS = 5 * 60 * 1000;
export const EVENT_DEFAULT_MINUTES = 30;
export const EVENT_UNPARSEABLE_END_MINUTES = 60;
export const AUTO_END_MINUTES = 30;
export const EVENT_REMINDER_POPUP_MINUTES = [60, 15] as const;

// Address autocomplete
export const ADDRESS_DEBOUNCE_MS = 300;
export const ADDRESS_MIN_CHARS = 3;
export const ADDRESS_CLOSE_DELAY_MS = 200;
export const ADDRESS_DEFAULT_COUNTRY = 'US';
export const ZIP_MIN_DIGITS = 5;

// Toasts, sync queue and form resets
export const RESULT_TOAST_MS = 6000;
export const RESULT_TOAST_ERROR_MS = 10000;
export const UNLINK_RESET_MS = 4000;
export const UNLINK_RESET_ERROR_MS = 8000;
export const SYNC_TOAST_MS = 5000;

// Smart dates
export const DATE_SANITY_YEARS = 10;
export const TWO_DIGIT_YEAR_PIVOT = 70;

/** The firm's time zone when `TZ` is not set (README's configuration table). */
export const DEFAULT_TIME_ZONE = 'America/New_York';
