import type { AppContext } from '../../app.ts';

export function timeTrackingRoutes(_context: AppContext) {}
