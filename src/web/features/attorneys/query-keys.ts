// Attorneys and law firms, and the pickers the case form reads them through: any write here refreshes them all.
export const attorneysKeys = {
  attorneys: ['attorneys'] as const,
  lawFirms: ['law-firms'] as const,
  attorneyPicker: ['attorneys', 'picker'] as const,
  lawFirmPicker: ['law-firms', 'picker'] as const,
};
