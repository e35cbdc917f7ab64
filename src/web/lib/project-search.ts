import type { TProjectSearchResponse } from '../../core/api/projects.ts';
import { api } from './api.ts';

/**
 * The one fetcher for GET /api/projects/search (number, name or client; the server answers
 * nothing below CASE_SEARCH_MIN characters, so callers wait for that many).
 */
export const searchProjects = (q: string, signal?: AbortSignal) =>
  api<TProjectSearchResponse>(`/api/projects/search?q=${encodeURIComponent(q)}`, { signal });
