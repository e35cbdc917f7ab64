import { ZFirstRunState, ZFirstRunStepBody, ZFirstRunStepParams } from '../../../core/api/first-run.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { answerStep, readFirstRun } from './service.ts';

/** The first-run setup (issue 28): super admins read it and answer its steps; tokens cannot answer them. */
export function firstRunRoutes({ app, db, env }: AppContext) {
  const superAdmin = { access: 'super_admin' } as const;
  app.get('/api/first-run', { config: superAdmin, schema: { response: { 200: ZFirstRunState } } },
    async () => readFirstRun(db, { demo: env.demo }));

  app.put('/api/first-run/steps/:step', {
    config: { ...superAdmin, sessionOnly: true },
    schema: { params: ZFirstRunStepParams, body: ZFirstRunStepBody, response: { 200: ZFirstRunState } },
  }, async (request) => answerStep(db, {
    actorId: requireUser(request).user.id, step: request.params.step, outcome: request.body.outcome, demo: env.demo,
  }));
}
