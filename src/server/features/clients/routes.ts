import type { AppContext } from '../../app.ts';

export function clientRoutes(_context: AppContext) {}
