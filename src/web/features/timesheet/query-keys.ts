// The timesheet's cached reads (weeks, days, approvals, people, job titles) all start with this key.
export const timesheetKeys = {
  all: ['timesheet'] as const,
};
