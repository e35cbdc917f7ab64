import { withActor, type Db } from '../../src/server/db/connection.ts';

let n = 0;

/** A complete client with one case pointing at the given attorney and rate code (for "still referenced" tests). */
export async function insertCase(db: Db, actorId: string, refs: { attorneyId?: string; rateCodeId?: string }) {
  const suffix = `${Date.now()}-${++n}`;
  return withActor(db, actorId, async (tx) => {
    const client = await tx.insertInto('clients').values({ name: `Fixture Client ${suffix}`, completion_percentage: 100 })
      .returning('id').executeTakeFirstOrThrow();
    return tx.insertInto('cases').values({
      client_id: client.id, file_number: `FX-${suffix}`, case_name: 'Fixture case',
      attorney_id: refs.attorneyId ?? null, rate_code_id: refs.rateCodeId ?? null,
    }).returning('id').executeTakeFirstOrThrow();
  });
}

/** The case's custom rates map (SPEC §3 case rate assignment). */
export async function setCustomRates(db: Db, actorId: string, caseId: string, rates: Record<string, number>) {
  await withActor(db, actorId, (tx) => tx.insertInto('case_rate_assignments')
    .values({ case_id: caseId, custom_rates: JSON.stringify(rates) })
    .onConflict((oc) => oc.column('case_id').doUpdateSet({ custom_rates: JSON.stringify(rates) }))
    .execute());
}

export async function customRatesOf(db: Db, caseId: string) {
  const row = await db.selectFrom('case_rate_assignments').select('custom_rates').where('case_id', '=', caseId).executeTakeFirst();
  return row?.custom_rates;
}
