import { sql } from 'kysely';
import {
  RATE_CODE_MESSAGES, type TPricedRateCode, type TRateCode, type TRateCodeCreateBody, type TRateCodeItemCreateBody,
  type TRateCodeItemUpdateBody, type TRateCodeListResponse, type TRateCodeResponse,
} from '../../../core/api/rate-codes.ts';
import { ZFeeRules } from '../../../core/api/fee-rules.ts';
import { ZItemEventKind } from '../../../core/api/rate-codes.ts';
import { guessEventKind } from '../../../core/billing/fee-rules.ts';
import { customRateKey } from '../../../core/rates.ts';
import { withActor, type Db, type DbOrTx, type Tx } from '../../db/connection.ts';
import { updateVersioned } from '../../db/versioned.ts';
import { AppError } from '../../errors/app-error.ts';
import { explainDuplicates } from '../../db/unique-violation.ts';

/** Who is asking decides whether rate amounts leave the server (docs/decisions/021). */
export interface RateViewer { id: string; isSuperAdmin: boolean }

async function loadPriced(db: DbOrTx, id?: string): Promise<TPricedRateCode[]> {
  let codes = db.selectFrom('rate_codes')
    .select((eb) => [
      'rate_codes.id', 'rate_codes.name', 'rate_codes.code', 'rate_codes.version', 'rate_codes.fee_rules',
      eb.selectFrom('cases').select(sql<string>`count(*)`.as('n')).whereRef('cases.rate_code_id', '=', 'rate_codes.id')
        .as('case_count'),
    ])
    .orderBy(sql`lower(rate_codes.name)`).orderBy('rate_codes.id');
  if (id) codes = codes.where('rate_codes.id', '=', id);
  const rows = await codes.execute();
  if (rows.length === 0) return [];
  const items = await db.selectFrom('rate_code_items')
    .select(['id', 'rate_code_id', 'job_type', 'rate', 'active', 'event_kind', 'version'])
    .where('rate_code_id', 'in', rows.map((r) => r.id))
    .orderBy(sql`lower(job_type)`).orderBy('id')
    .execute();
  const changes = items.length === 0 ? [] : await db.selectFrom('rate_code_item_rates')
    .select(['id', 'rate_code_item_id', sql<string>`effective_on::text`.as('effective_on'), 'rate'])
    .where('rate_code_item_id', 'in', items.map((i) => i.id)).orderBy('effective_on').execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, code: r.code, version: r.version, caseCount: Number(r.case_count ?? 0),
    feeRules: ZFeeRules.parse(r.fee_rules),
    items: items.filter((i) => i.rate_code_id === r.id).map((i) => ({
      id: i.id, jobType: i.job_type, active: i.active, version: i.version, rate: Number(i.rate).toFixed(2),
      eventKind: ZItemEventKind.parse(i.event_kind),
      rateChanges: changes.filter((c) => c.rate_code_item_id === i.id)
        .map((c) => ({ id: c.id, effectiveOn: c.effective_on, rate: Number(c.rate).toFixed(2) })),
    })),
  }));
}

/** Drops every rate amount, rate change and fee rule: the shape anyone but a super admin receives. */
function withoutRates({ feeRules: _rules, ...code }: TPricedRateCode): TRateCode {
  return { ...code, items: code.items.map(({ rate: _rate, rateChanges: _changes, ...item }) => item) };
}

export async function listRateCodes(db: DbOrTx, viewer: RateViewer): Promise<TRateCodeListResponse> {
  const codes = await loadPriced(db);
  return viewer.isSuperAdmin
    ? { ratesVisible: true, rateCodes: codes }
    : { ratesVisible: false, rateCodes: codes.map(withoutRates) };
}

export async function getRateCode(db: DbOrTx, options: { id: string; viewer: RateViewer }): Promise<TRateCodeResponse> {
  const [code] = await loadPriced(db, options.id);
  if (!code) throw new AppError('RECORD_NOT_FOUND');
  return options.viewer.isSuperAdmin
    ? { ratesVisible: true, rateCode: code }
    : { ratesVisible: false, rateCode: withoutRates(code) };
}

/** Turns a unique violation into the message the form can show next to the field. */
const clearDuplicates = <T>(messages: { code?: string; jobType?: string }, write: () => Promise<T>): Promise<T> =>
  explainDuplicates(write, (where) => {
    if (where.includes('rate_codes_code_key') && messages.code !== undefined) return { message: RATE_CODE_MESSAGES.duplicateCode(messages.code) };
    if (messages.jobType !== undefined) return { message: RATE_CODE_MESSAGES.duplicateJobType(messages.jobType) };
    return undefined;
  });

/** The event kind chosen, else the one the job type's name says (docs/decisions/138). */
const eventKindOf = (item: TRateCodeItemCreateBody) =>
  (item.eventKind === undefined ? guessEventKind(item.jobType.trim()) : item.eventKind);

function duplicateJobTypeIn(items: { jobType: string }[]): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    const key = item.jobType.trim();
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

export async function createRateCode(
  db: Db, options: { body: Required<Pick<TRateCodeCreateBody, 'name' | 'code'>> & { items: TRateCodeItemCreateBody[] }; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  const { body, viewer } = options;
  // Job types carry an hourly rate, which only a super admin may set.
  if (body.items.length > 0 && !viewer.isSuperAdmin) throw new AppError('PERMISSION_DENIED');
  const repeated = duplicateJobTypeIn(body.items);
  if (repeated) throw new AppError('DUPLICATE_RECORD', RATE_CODE_MESSAGES.duplicateJobType(repeated));
  const id = await db.transaction().execute(async (tx) => {
    const created = await clearDuplicates({ code: body.code }, () =>
      tx.insertInto('rate_codes').values({ name: body.name, code: body.code }).returning('id').executeTakeFirstOrThrow());
    if (body.items.length > 0) {
      await tx.insertInto('rate_code_items').values(body.items.map((item) => ({
        rate_code_id: created.id, job_type: item.jobType.trim(), rate: item.rate, active: item.active ?? true,
        event_kind: eventKindOf(item),
      }))).execute();
    }
    return created.id;
  });
  return getRateCode(db, { id, viewer });
}

export async function updateRateCode(
  db: DbOrTx, options: { id: string; version: number; name: string; code: string; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  await clearDuplicates({ code: options.code }, () =>
    updateVersioned(db, 'rate_codes', options.id, options.version, { name: options.name, code: options.code }));
  return getRateCode(db, { id: options.id, viewer: options.viewer });
}

/** Cases still using the code refuse the delete (23503); its items go with it. */
export async function deleteRateCode(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.deleteFrom('rate_codes').where('id', '=', id).returning('id').executeTakeFirst();
  if (!deleted) throw new AppError('RECORD_NOT_FOUND');
}

export async function addRateCodeItem(
  db: DbOrTx, options: { rateCodeId: string; item: TRateCodeItemCreateBody; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  if (!options.viewer.isSuperAdmin) throw new AppError('PERMISSION_DENIED');
  const exists = await db.selectFrom('rate_codes').select('id').where('id', '=', options.rateCodeId).executeTakeFirst();
  if (!exists) throw new AppError('RECORD_NOT_FOUND');
  const { item } = options;
  await clearDuplicates({ jobType: item.jobType }, () => db.insertInto('rate_code_items').values({
    rate_code_id: options.rateCodeId, job_type: item.jobType.trim(), rate: item.rate, active: item.active ?? true,
    event_kind: eventKindOf(item),
  }).execute());
  return getRateCode(db, { id: options.rateCodeId, viewer: options.viewer });
}

/**
 * A case's custom rates are keyed by job type (SPEC §3); renaming a job type moves those keys on
 * the cases using this rate code, so their negotiated rates keep applying (docs/decisions/021).
 */
async function renameCustomRateKeys(tx: Tx, options: { rateCodeId: string; from: string; to: string }) {
  const from = customRateKey(options.from);
  const to = customRateKey(options.to);
  if (from === to) return;
  await tx.updateTable('case_rate_assignments')
    .set({ custom_rates: sql`(custom_rates - ${from}::text) || jsonb_build_object(${to}::text, custom_rates -> ${from}::text)` })
    .where('case_id', 'in', (eb) => eb.selectFrom('cases').select('id').where('rate_code_id', '=', options.rateCodeId))
    .where(sql<boolean>`custom_rates ? ${from}::text`)
    .execute();
}

export async function updateRateCodeItem(
  db: Db, options: { rateCodeId: string; itemId: string; body: TRateCodeItemUpdateBody; viewer: RateViewer },
): Promise<TRateCodeResponse> {
  const { body, viewer } = options;
  if (body.rate !== undefined && !viewer.isSuperAdmin) throw new AppError('PERMISSION_DENIED');
  const current = await db.selectFrom('rate_code_items').select(['rate_code_id', 'job_type'])
    .where('id', '=', options.itemId).executeTakeFirst();
  if (!current || current.rate_code_id !== options.rateCodeId) throw new AppError('RECORD_NOT_FOUND');
  const jobType = body.jobType.trim();
  try {
    await withActor(db, viewer.id, async (tx) => {
      await clearDuplicates({ jobType }, () => updateVersioned(tx, 'rate_code_items', options.itemId, body.version, {
        job_type: jobType, active: body.active, ...(body.rate !== undefined ? { rate: body.rate } : {}),
        ...(body.eventKind !== undefined ? { event_kind: body.eventKind } : {}),
      }));
      await renameCustomRateKeys(tx, { rateCodeId: options.rateCodeId, from: current.job_type, to: jobType });
    });
  } catch (error) {
    // The conflict carries the current row; its rate must not reach anyone but a super admin.
    if (error instanceof AppError && error.code === 'EDIT_CONFLICT' && !viewer.isSuperAdmin) {
      const { current: row } = error.details as { current: { job_type: string; active: boolean; version: number; id: string } };
      throw new AppError('EDIT_CONFLICT', undefined, {
        current: { id: row.id, job_type: row.job_type, active: row.active, version: row.version },
      });
    }
    throw error;
  }
  return getRateCode(db, { id: options.rateCodeId, viewer });
}

export async function deleteRateCodeItem(db: DbOrTx, options: { rateCodeId: string; itemId: string }): Promise<void> {
  const deleted = await db.deleteFrom('rate_code_items').where('id', '=', options.itemId)
    .where('rate_code_id', '=', options.rateCodeId).returning('id').executeTakeFirst();
  if (!deleted) throw new AppError('RECORD_NOT_FOUND');
}
