import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TProjectHit } from '../../../core/api/projects.ts';
import { CASE_SEARCH_MIN } from '../../../core/constants.ts';
import { debugLog } from '../../lib/debug-log.ts';
import { reportError } from '../../lib/error-store.ts';
import { findProjects, type ProjectSearchMode } from './search.ts';

const NONE: TProjectHit[] = [];

/** The text once it has stood still for `ms` (a few lines of its own: the box is on /time-tracking's first load). */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The one project search (issue 44): number, name or client, 10 matches, asked once the typed text
 * has CASE_SEARCH_MIN characters and has rested `debounceMs`. Both skins (the search box, the form
 * field) read it. `mode` 'offline' also answers from the projects kept on this device.
 */
export function useProjectSearch(text: string, { mode = 'online', enabled = true, debounceMs = 250 }: {
  mode?: ProjectSearchMode; enabled?: boolean; debounceMs?: number;
} = {}) {
  const q = useSettled(text.trim(), debounceMs);
  const asked = enabled && q.length >= CASE_SEARCH_MIN;
  const query = useQuery({
    queryKey: ['projects', 'search', mode, q],
    queryFn: ({ signal }) => findProjects(mode, q, signal),
    enabled: asked,
    staleTime: 30_000,
    // Asked offline too: the offline mode answers from kept projects without a connection.
    networkMode: mode === 'offline' ? 'always' : 'online',
    retry: false,
  });
  useEffect(() => {
    if (!query.error) return;
    debugLog('warn', 'project search failed', String(query.error));
    reportError(query.error, { source: 'project-search' });
  }, [query.error]);
  const answered = asked && query.data !== undefined && text.trim() === q;
  return {
    hits: asked && text.trim().length >= CASE_SEARCH_MIN ? query.data ?? NONE : NONE,
    searching: asked && query.isFetching,
    /** The text the hits answer (empty until an answer came). */
    searched: answered ? q : '',
  };
}
