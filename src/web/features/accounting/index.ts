import { lazy } from 'react';

// The accounting feature as other features see it: the case page's retainer panel (its own chunk,
// fetched only when a super admin opens a case) and the dashboard's low-retainer notice.
export const RetainerPanel = lazy(() => import('./retainer-panel.tsx'));
export { RetainerNotices } from './retainer-notices.tsx';
