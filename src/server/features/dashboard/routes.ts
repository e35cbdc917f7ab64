import { ZDashboardSummary } from '../../../core/api/dashboard.ts';
import type { AppContext } from '../../app.ts';
import { requireUser } from '../../http/session.ts';
import { dashboardSummary } from './service.ts';

export function dashboardRoutes({ app, db }: AppContext) {
  app.get('/api/dashboard', { schema: { response: { 200: ZDashboardSummary } } }, async (request) =>
    dashboardSummary(db, requireUser(request).user.id));
}
