import { sql, type RawBuilder } from 'kysely';
import type { TBillLine, TUnbilledCase } from '../../../../core/api/accounting.ts';
import { billAmounts } from '../../../../core/billing/billing.ts';
import { roundToCents } from '../../../../core/money.ts';
import { priceLines } from '../../../../core/billing/fee-rules.ts';
import { displayName } from '../../../../core/people.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { casePricing, readPricing, type Pricing } from '../../fee-rules/index.ts';
import { approvedTime, billingRequiresApproval } from './approved-time.ts';
import { deposingSideEntry } from './deposing-side.ts';

// The entries a bill holds or could hold, as bill lines: time at its stored rate (rates frozen
// as saved) priced by the case's fee rules (docs/decisions/138: the one place they apply),
// expenses at their amount.

type Raw = {
  id: string; kind: 'time' | 'expense'; entry_date: string; project_number: string; type: string;
  hours: string | null; rate: string | null; amount: string | null; description: string;
  email: string; first_name: string | null; last_name: string | null;
  adjusted: string | null; reason: string | null; client_note: string | null;
  task_code: string | null; activity_code: string | null; user_id: string; notice_hours: string | null;
};

/**
 * Lines of the entries matching `where` (written against alias x, the entry table), with the
 * write-downs of bill `billId` when one is given.
 */
async function linesWhere(db: DbOrTx, where: RawBuilder<unknown>, pricing: Pricing, billId: string | null = null): Promise<TBillLine[]> {
  const { rows } = await sql<Raw>`
    select x.id, x.kind, x.entry_date, p.project_number, x.type, x.hours, x.rate, x.amount, x.description,
           u.email, u.first_name, u.last_name, a.amount::text as adjusted, a.reason, a.client_note,
           x.task_code, x.activity_code, x.user_id, x.notice_hours
    from (
      select id, 'time' as kind, entry_date, project_id, case_id, user_id, job_type as type, hours::text as hours,
             rate::text as rate, null::text as amount, description, bill_id, created_at,
             utbms_task_code as task_code, utbms_activity_code as activity_code,
             (extract(epoch from event_scheduled_at - notice_given_at) / 3600)::text as notice_hours from time_entries
      union all
      select id, 'expense', entry_date, project_id, case_id, user_id, expense_type, null, null, amount::text, description,
             bill_id, created_at, null, null, null from expense_entries
    ) x join projects p on p.id = x.project_id join users u on u.id = x.user_id
    left join bill_adjustments a on a.bill_id = ${billId}::uuid and a.entry_id = x.id
    where ${where}
    order by x.kind desc, x.entry_date, x.created_at, x.id`.execute(db);
  const priced = priceLines(rows.filter((r) => r.kind === 'time').map((r) => ({
    id: r.id, userId: r.user_id, date: r.entry_date, kind: pricing.kinds[r.type] ?? null, hours: Number(r.hours),
    rate: r.rate === null ? null : Number(r.rate), noticeHours: r.notice_hours === null ? null : Number(r.notice_hours),
  })), pricing.rules);
  return rows.map((r) => {
    const hours = r.hours === null ? null : Number(r.hours);
    const rate = r.rate === null ? null : Number(r.rate);
    const price = priced.get(r.id);
    // The line's own amount is the entry priced by the fee rules; a write-down or up is measured from it.
    const originalAmount = price ? price.amount : Number(r.amount);
    return {
      id: r.id, kind: r.kind, entryDate: r.entry_date, projectNumber: r.project_number, staff: displayName(r),
      type: r.type, hours, rate, amount: r.adjusted === null ? originalAmount : Number(r.adjusted), originalAmount,
      adjustmentReason: r.reason, clientNote: r.client_note ?? '', description: r.description,
      ...(price && { billedHours: price.billedHours, feeRule: price.rule }),
      ...(r.kind === 'time' && { taskCode: r.task_code ?? '', activityCode: r.activity_code ?? '' }),
    };
  });
}

/**
 * Unbilled entries of a case within a period: what a new bill can be made of (approved time only when
 * the firm says so; never a deposition day the deposing side pays for).
 */
export async function unbilledLines(db: DbOrTx, options: { caseId: string; from: string; to: string }) {
  const approved = (await billingRequiresApproval(db)) ? sql`and (x.kind = 'expense' or ${approvedTime('x')})` : sql``;
  return linesWhere(db, sql`x.bill_id is null and p.case_id = ${options.caseId}
    and x.entry_date between ${options.from}::date and ${options.to}::date ${approved} and not ${deposingSideEntry('x')}`, await casePricing(db, options.caseId));
}

/**
 * What prices a bill's lines: the copy kept when it was issued (so it is never repriced), else
 * (a draft) its case's fee rules as they are now.
 */
export async function billPricing(db: DbOrTx, billId: string): Promise<Pricing> {
  const bill = await db.selectFrom('bills').select(['case_id', 'fee_pricing']).where('id', '=', billId).executeTakeFirst();
  if (!bill) throw new AppError('RECORD_NOT_FOUND', 'This bill was not found.');
  return bill.fee_pricing === null ? casePricing(db, bill.case_id) : readPricing(bill.fee_pricing);
}

/** The lines of a bill, as billed (fee rules and write-downs applied, the entries' own amounts kept beside them). */
export const billLines = async (db: DbOrTx, billId: string) =>
  linesWhere(db, sql`x.bill_id = ${billId}`, await billPricing(db, billId), billId);

/**
 * A case's cancelled events as their bills price them: one on a bill by that bill's pricing (kept at
 * issue), the others by the case's fee rules of the moment, as a new bill would.
 */
export async function cancellationLines(db: DbOrTx, caseId: string): Promise<TBillLine[]> {
  const bills = await db.selectFrom('time_entries').innerJoin('projects', 'projects.id', 'time_entries.project_id')
    .select('time_entries.bill_id').distinct()
    .where('projects.case_id', '=', caseId).where('time_entries.event_scheduled_at', 'is not', null).execute();
  const cancelled = sql`x.notice_hours is not null and p.case_id = ${caseId}`;
  const lines = await Promise.all(bills.map(async ({ bill_id: billId }) => (billId === null
    ? linesWhere(db, sql`${cancelled} and x.bill_id is null`, await casePricing(db, caseId))
    : linesWhere(db, sql`${cancelled} and x.bill_id = ${billId}`, await billPricing(db, billId), billId))));
  return lines.flat();
}

type UnbilledRaw = {
  case_id: string; file_number: string; case_name: string; client_name: string; oldest: string; newest: string;
  hours: string; value: string; expenses: string; n: string; waiting: string;
};

/**
 * Unbilled work per case, the case waiting longest first. While billing requires approved time,
 * time counts only once its week is approved, and the hours waiting are told apart.
 */
export async function unbilledCases(db: DbOrTx): Promise<{ cases: TUnbilledCase[]; hoursAwaitingApproval: number }> {
  const ok = (await billingRequiresApproval(db)) ? approvedTime('t') : sql<boolean>`true`;
  const { rows } = await sql<UnbilledRaw>`
    with t as (select *, ${ok} ok from time_entries t where bill_id is null and not ${deposingSideEntry('t')}), w as (
      select project_id, min(entry_date) filter (where ok) oldest, max(entry_date) filter (where ok) newest,
             coalesce(sum(hours) filter (where ok), 0) hours,
             coalesce(sum(round(hours * coalesce(rate, 0), 2)) filter (where ok), 0) value, 0::numeric expenses,
             count(*) filter (where ok) n, coalesce(sum(hours) filter (where not ok), 0) waiting
        from t group by project_id
      union all
      select project_id, min(entry_date), max(entry_date), 0, 0, sum(amount), count(*), 0
        from expense_entries e where bill_id is null and not ${deposingSideEntry('e')} group by project_id
    )
    select c.id::text as case_id, c.file_number, c.case_name, cl.name as client_name, min(w.oldest)::text oldest,
           max(w.newest)::text newest, sum(w.hours)::text hours, sum(w.value)::text as value,
           sum(w.expenses)::text expenses, sum(w.n)::text n, sum(w.waiting)::text waiting
    from w join projects p on p.id = w.project_id join cases c on c.id = p.case_id join clients cl on cl.id = c.client_id
    group by c.id, cl.name order by min(w.oldest), c.file_number`.execute(db);
  const cases = rows.filter((r) => Number(r.n) > 0).map((r) => ({
    caseId: r.case_id, fileNumber: r.file_number, caseName: r.case_name, clientName: r.client_name,
    oldestDate: r.oldest, newestDate: r.newest, hours: Number(r.hours), timeValue: Number(r.value),
    expenses: Number(r.expenses), entries: Number(r.n), hoursAwaitingApproval: Number(r.waiting),
  }));
  return {
    cases: await priceByFeeRules(db, cases),
    hoursAwaitingApproval: Math.round(rows.reduce((s, r) => s + Number(r.waiting), 0) * 100) / 100,
  };
}

/** A case with fee rules, its own or its rate code's (aliases cf: case_fee_rules, rc: rate_codes). */
const HAS_FEE_RULES = sql<boolean>`jsonb_array_length(coalesce(cf.rules, rc.fee_rules, '[]'::jsonb)) > 0`;

/** A case's unbilled time as a bill of all of it would price it: the same lines, the bill's own sums. */
const billedUnbilled = async (db: DbOrTx, c: { caseId: string; from: string; to: string }) =>
  billAmounts(await unbilledLines(db, { caseId: c.caseId, from: c.from, to: c.to }), null);

/**
 * The cases with fee rules show their unbilled time as a bill of all of it would (hours as billed);
 * the others keep the sum of hours × rate, which is what their bill would say.
 */
async function priceByFeeRules(db: DbOrTx, cases: TUnbilledCase[]): Promise<TUnbilledCase[]> {
  if (cases.length === 0) return cases;
  const ruled = new Set((await db.selectFrom('cases as c').leftJoin('rate_codes as rc', 'rc.id', 'c.rate_code_id')
    .leftJoin('case_fee_rules as cf', 'cf.case_id', 'c.id').select('c.id')
    .where('c.id', 'in', cases.map((c) => c.caseId)).where(HAS_FEE_RULES)
    .execute()).map((r) => r.id));
  const out: TUnbilledCase[] = [];
  for (const c of cases) {
    if (!ruled.has(c.caseId)) {
      out.push(c);
      continue;
    }
    const amounts = await billedUnbilled(db, { caseId: c.caseId, from: c.oldestDate, to: c.newestDate });
    out.push({ ...c, hours: amounts.hours, timeValue: amounts.timeTotal });
  }
  return out;
}

/**
 * What fee rules change in the firm's unbilled time: over every case they price, what a bill of its
 * unbilled time would say less hours × rate. The dashboard's unbilled figure is hours × rate, kept by
 * triggers (docs/decisions/180); it adds this, so it says what Accounting's unbilled list says. One
 * query finds the ruled cases with unbilled time (none in a firm without rules); each is then priced.
 */
export async function unbilledFeeRuleChange(db: DbOrTx): Promise<number> {
  const ok = (await billingRequiresApproval(db)) ? approvedTime('t') : sql<boolean>`true`;
  const { rows } = await sql<{ case_id: string; oldest: string; newest: string; raw: string }>`
    select c.id as case_id, min(t.entry_date)::text oldest, max(t.entry_date)::text newest,
           sum(round(t.hours * coalesce(t.rate, 0), 2))::text raw
    from cases c left join rate_codes rc on rc.id = c.rate_code_id left join case_fee_rules cf on cf.case_id = c.id
    join projects p on p.case_id = c.id join time_entries t on t.project_id = p.id
    where ${HAS_FEE_RULES} and t.bill_id is null and not ${deposingSideEntry('t')} and ${ok}
    group by c.id`.execute(db);
  let change = 0;
  for (const c of rows) change += (await billedUnbilled(db, { caseId: c.case_id, from: c.oldest, to: c.newest })).timeTotal - Number(c.raw);
  return roundToCents(change);
}
