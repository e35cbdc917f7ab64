// Accounting's cached reads all start with this key; a bill's own read is refreshed on its own.
export const accountingKeys = {
  all: ['accounting'] as const,
  bill: (id: string | null) => ['accounting', 'bill', id] as const,
};
