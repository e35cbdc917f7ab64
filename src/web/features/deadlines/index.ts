import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';

// The deadlines feature as other features see it (issue 41): the dashboard's reminders and next 14
// days, the case page's section and Settings → Deadlines. This file is small on purpose: each part's
// code is a chunk of its own, fetched once the screen around it has painted, so no screen's first
// load carries it (docs/decisions/078).

/** A part whose code is fetched when it first renders, after the frame that shows its screen. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>, afterPaint: boolean): ComponentType<P> {
  const Impl = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    const painted = useAfterPaint();
    if (afterPaint && !painted) return null;
    return createElement(Suspense, { fallback: null }, createElement(Impl, props));
  };
}

export const DeadlineReminders = deferred(() => import('./dashboard-deadlines.tsx').then((m) => m.DeadlineReminders), true);
export const UpcomingDeadlines = deferred(() => import('./dashboard-deadlines.tsx').then((m) => m.UpcomingDeadlines), true);
export const CaseDeadlinesSection = deferred<{ caseId: string; canEdit: boolean }>(
  () => import('./case-deadlines.tsx').then((m) => m.CaseDeadlinesSection), true);
export const DeadlinesSettingsSection = deferred(() => import('./settings-section.tsx').then((m) => m.DeadlinesSettingsSection), false);
