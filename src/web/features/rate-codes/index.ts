// The rate codes feature as other features see it: its query keys (the pickers over its list).
export { rateCodesKeys } from './query-keys.ts';
