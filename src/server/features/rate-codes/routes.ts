import type { AppContext } from '../../app.ts';

export function rateCodeRoutes(_context: AppContext) {}
