// The address feature as other features see it: its query keys (its pages are the router's own chunks).
export { addressKeys } from './query-keys.ts';
