// The action items' keys other features refresh: every project's calendar sync status (and the firm's),
// which a new calendar connection changes.
export const actionItemsKeys = {
  calendarStatus: ['calendar', 'status'] as const,
};
