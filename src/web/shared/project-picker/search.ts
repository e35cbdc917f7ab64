import type { TOfflineProjects } from '../../../core/api/field-reports.ts';
import type { TProjectHit } from '../../../core/api/projects.ts';
import { searchProjects } from '../../lib/project-search.ts';
import { noAnswer, readKept } from '../offline/kept-records.ts';

/** Where the projects kept for offline use are read from, and kept under (field reports keep them). */
export const OFFLINE_PROJECTS = '/api/field-reports/offline-projects';

/** 'online': the server's project search. 'offline': the server's, or without an answer the projects kept on this device. */
export type ProjectSearchMode = 'online' | 'offline';

export async function findProjects(mode: ProjectSearchMode, q: string, signal?: AbortSignal): Promise<TProjectHit[]> {
  try {
    return (await searchProjects(q, signal)).projects;
  } catch (error) {
    const kept = mode === 'offline' && noAnswer(error) ? await readKept<TOfflineProjects>(OFFLINE_PROJECTS) : undefined;
    if (!kept) throw error;
    // Loaded when first needed: the online search (/time-tracking's first load) never matches on the device.
    const { matchProjects } = await import('../../../core/time/project-match.ts');
    return matchProjects(kept.projects, q);
  }
}
