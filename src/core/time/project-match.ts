import type { TProjectHit } from '../api/projects.ts';
import { PROJECT_PICKER_LIMIT } from '../constants.ts';

/**
 * The project search box's rule (SPEC §2) over a list kept in the browser (docs/decisions/108), as
 * the server ranks it: the file number, project number, project name or client name contains the
 * text; exact numbers first, then project names starting with it, then other prefixes, then the rest.
 */
export function matchProjects<P extends TProjectHit>(projects: readonly P[], text: string, limit = PROJECT_PICKER_LIMIT): P[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const rank = (p: P) => {
    const [number, file, name, client] = [p.projectNumber, p.fileNumber, p.projectName, p.clientName].map((s) => s.toLowerCase());
    if (number === q || file === q) return 0;
    if (name!.startsWith(q)) return 1;
    if ([number, file, client].some((s) => s!.startsWith(q))) return 2;
    return [number, file, name, client].some((s) => s!.includes(q)) ? 3 : null;
  };
  return projects
    .map((project) => ({ project, rank: rank(project) }))
    .filter((m): m is { project: P; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.project.projectNumber.localeCompare(b.project.projectNumber))
    .slice(0, limit)
    .map((m) => m.project);
}
