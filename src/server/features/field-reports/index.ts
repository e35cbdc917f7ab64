// The field reports feature as other features see it: one report, as a share link shows it.
export { getReport } from './reads.ts';
