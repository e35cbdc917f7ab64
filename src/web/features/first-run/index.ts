// The first-run feature as other features see it: the dashboard's notice (the /setup page is the router's own chunk).
export { FirstRunNotice } from './first-run-notice.tsx';
