import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';

export function healthRoutes({ app, db, database }: AppContext) {
  // Open without a session: load balancers and /test-api use it.
  app.get('/api/health', { config: { access: 'public', duringMaintenance: true } }, async () => {
    const row = await sql<{ now: Date }>`select now() as now`.execute(db);
    return { status: 'ok', database: database.kind, time: row.rows[0]?.now };
  });
}
