// The attorneys feature as other features see it: its query keys (the case form's pickers read them).
export { attorneysKeys } from './query-keys.ts';
