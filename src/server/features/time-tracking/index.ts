// The time tracking feature as other features see it: who is looking (dashboard) and a project as a
// search hit (field reports' offline list). The time-domain work merges this folder with timesheet.
export type { Viewer } from './entry-access.ts';
export { projectHit, type ProjectRow } from './project-search.ts';
