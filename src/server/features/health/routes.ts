import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { STARTING_RETRY_AFTER_SECONDS } from '../../http/starting.ts';

export function healthRoutes({ app, db, database }: AppContext) {
  // Open without a session: load balancers and /test-api use it.
  app.get('/api/health', { config: { access: 'public', duringMaintenance: true, duringStart: true } }, async (_request, reply) => {
    // Starting (docs/decisions/112): a 503 so load balancers wait; the database is not asked (the
    // first start's demo data holds PGlite's one connection until it is done).
    if (app.starting.active) {
      return reply.code(503).header('retry-after', String(STARTING_RETRY_AFTER_SECONDS))
        .send({ status: 'starting', database: database.kind, time: new Date() });
    }
    const row = await sql<{ now: Date }>`select now() as now`.execute(db);
    return { status: 'ok', database: database.kind, time: row.rows[0]?.now };
  });
}
