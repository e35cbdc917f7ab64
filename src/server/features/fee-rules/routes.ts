import {
  ZCancellation, ZCancellationCreate, ZCaseFeeRules, ZCaseFeeRulesUpdate, ZCaseParams,
} from '../../../core/api/fee-rules.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../http/session.ts';
import { recordCancellation } from './cancellations.ts';
import { getCaseFeeRules, saveCaseFeeRules } from './case-rules.ts';

/** A case's own fee rules (money: super admins only) and its cancelled events (docs/decisions/138, 139). */
export function feeRuleRoutes({ app, db }: AppContext) {
  app.get('/api/cases/:id/fee-rules', { config: { access: 'super_admin' }, schema: { params: ZCaseParams, response: { 200: ZCaseFeeRules } } },
    async (request) => {
      requireUser(request);
      return getCaseFeeRules(db, request.params.id);
    });

  app.put('/api/cases/:id/fee-rules', {
    config: { access: 'super_admin' },
    schema: { params: ZCaseParams, body: ZCaseFeeRulesUpdate, response: { 200: ZCaseFeeRules } },
  }, async (request) => saveCaseFeeRules(db, { caseId: request.params.id, body: request.body, actorId: requireUser(request).user.id }));

  app.post('/api/cases/:id/cancellations', {
    config: { access: 'admin' },
    schema: { params: ZCaseParams, body: ZCancellationCreate, response: { 201: ZCancellation } },
  }, async (request, reply) => reply.status(201).send(await recordCancellation(db, {
    caseId: request.params.id, body: request.body, actorId: requireUser(request).user.id,
  })));
}
