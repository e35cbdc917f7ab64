// The address lookup's status (the Radar diagnostic page); Settings refreshes it after a key change.
export const addressKeys = {
  status: ['address-status'] as const,
};
