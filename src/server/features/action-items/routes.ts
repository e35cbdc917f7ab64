import type { AppContext } from '../../app.ts';

export function actionItemRoutes(_context: AppContext) {}
