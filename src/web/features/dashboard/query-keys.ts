// The dashboard's cached reads: what changes them elsewhere (the timer) invalidates these, not a copy of them.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  money: ['dashboard', 'money'] as const,
};
