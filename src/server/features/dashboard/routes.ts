import { ZDashboardMoney, ZDashboardSummary } from '../../../core/api/dashboard.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { dashboardMoney, dashboardSummary } from './service.ts';
import { firmTodayIso } from '../../../core/dates/iso-date.ts';

export function dashboardRoutes({ app, db, env }: AppContext) {
  app.get('/api/dashboard', { config: { access: 'user' }, schema: { response: { 200: ZDashboardSummary } } }, async (request) =>
    dashboardSummary(db, requireUser(request).user, firmTodayIso(env.TZ)));

  // Apart from the summary, so the firm-wide sums never slow anyone's dashboard down.
  app.get('/api/dashboard/money', { config: { access: 'super_admin' }, schema: { response: { 200: ZDashboardMoney } } }, async () =>
    dashboardMoney(db, firmTodayIso(env.TZ)));
}
