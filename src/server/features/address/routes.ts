import type { AppContext } from '../../app.ts';

export function addressRoutes(_context: AppContext) {}
