// The dashboard feature as other features see it: its query keys (the page is the router's own chunk).
export { dashboardKeys } from './query-keys.ts';
