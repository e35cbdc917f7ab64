// The rate codes and the job-title pickers read from them (the case form, the importer's mapping).
export const rateCodesKeys = {
  all: ['rate-codes'] as const,
  picker: ['rate-codes', 'picker'] as const,
};
