// The timesheet feature as other features see it: the timer (the dashboard's and the time
// tracking page's, issue 25).
export { TimerPanel } from './timer-panel.tsx';
