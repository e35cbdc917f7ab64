import type { AppContext } from '../../app.ts';

export function attorneyRoutes(_context: AppContext) {}
