import { formatHours } from '../money.ts';

// Fee rules (issue 40, docs/decisions/138): how a draft bill's time lines are priced once a rate
// code (or the case) says depositions bill at least 2 h, a trial day is a flat fee, travel bills at
// a percentage and a late cancellation costs hours. Pure: the server hands in the lines and rules,
// and keeps the answer. Money is counted in integer cents and handed back in dollars.

export const EVENT_KINDS = ['deposition', 'trial', 'hearing', 'arbitration', 'travel'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  deposition: 'Deposition', trial: 'Trial', hearing: 'Hearing', arbitration: 'Arbitration', travel: 'Travel',
};

/** A fee as an exact decimal string ('1500.00'), as rates are. */
export type FeeRule =
  | { type: 'minimum'; kind: EventKind; hours: number }
  | { type: 'flat'; kind: EventKind; halfDayUpToHours: number; halfDayFee: string; fullDayFee: string }
  | { type: 'percent'; kind: EventKind; percent: number }
  /** Notice under `noticeUnderHours` bills `hours` at the cancelled event's rate; the first tier that fits wins. */
  | { type: 'cancellation'; kind: EventKind; tiers: { noticeUnderHours: number; hours: number }[] };

/** A time line as pricing sees it. `noticeHours` is set on a cancellation (hours between notice and the event). */
export interface PricingLine {
  id: string;
  userId: string;
  date: string;
  kind: EventKind | null;
  hours: number;
  rate: number | null;
  noticeHours?: number | null;
}

export interface PricedLine {
  /** The hours billed (a minimum or a cancellation tier), or the hours worked. */
  billedHours: number;
  amount: number;
  /** What the bill says about it ('Deposition minimum 2.0 h'), null when no rule applied. */
  rule: string | null;
}

/** A job title's event kind guessed from its name ('Deposition testimony' → deposition), when none was chosen. */
export function guessEventKind(jobType: string): EventKind | null {
  const name = jobType.toLowerCase();
  // 'Deposition Preparation', 'Trial review': work about the event, not the event.
  if (/prep|review|summar/.test(name)) return null;
  if (name.includes('deposition')) return 'deposition';
  if (name.includes('trial')) return 'trial';
  if (name.includes('hearing')) return 'hearing';
  if (name.includes('arbitration')) return 'arbitration';
  if (name.includes('travel')) return 'travel';
  return null;
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A rule in words, as Settings lists it ('Deposition: at least 2.0 h'). */
export function describeFeeRule(rule: FeeRule): string {
  const kind = EVENT_KIND_LABELS[rule.kind];
  switch (rule.type) {
    case 'minimum': return `${kind}: at least ${formatHours(rule.hours)} h`;
    case 'flat': return `${kind}: half day (up to ${formatHours(rule.halfDayUpToHours)} h) ${money(toCents(rule.halfDayFee))}, `
      + `full day ${money(toCents(rule.fullDayFee))}`;
    case 'percent': return `${kind}: at ${rule.percent} % of the rate`;
    case 'cancellation': return `${kind} cancelled: ${[...rule.tiers].sort((a, b) => a.noticeUnderHours - b.noticeUnderHours)
      .map((t) => `notice under ${t.noticeUnderHours} h bills ${formatHours(t.hours)} h`).join('; ')}; later notice bills nothing`;
  }
}

/** Dollars as a decimal string or number → integer cents. */
export const toCents = (dollars: number | string): number => Math.round(Number((Number(dollars) * 100).toPrecision(12)));
const timesCents = (hours: number, cents: number): number => Math.round(Number((hours * cents).toPrecision(12)));
const hoursText = (hours: number) => `${formatHours(hours)} h`;
const noticeText = (hours: number) => `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;

/** The case's own rules when it has them, else its rate code's (a case's list replaces the code's whole). */
export const effectiveFeeRules = (rateCodeRules: readonly FeeRule[], caseRules: readonly FeeRule[] | null): readonly FeeRule[] =>
  caseRules ?? rateCodeRules;

/**
 * The rate in force on `date` (YYYY-MM-DD): the latest change dated on or before it, else the base
 * rate (the item's own, in force before any change).
 */
export function rateInForce(base: number | null, changes: readonly { effectiveOn: string; rate: number }[], date: string): number | null {
  let found: { effectiveOn: string; rate: number } | null = null;
  for (const change of changes) {
    if (change.effectiveOn <= date && (found === null || change.effectiveOn > found.effectiveOn)) found = change;
  }
  return found ? found.rate : base;
}

/** Problems of a rule list, in the spec's manner (one per rule kind and event type). */
export function feeRulesProblem(rules: readonly FeeRule[]): string | null {
  const seen = new Set<string>();
  for (const rule of rules) {
    const key = `${rule.type}:${rule.kind}`;
    if (seen.has(key)) return `${EVENT_KIND_LABELS[rule.kind]} has two ${rule.type} rules.`;
    seen.add(key);
    if (rule.type === 'flat' && toCents(rule.fullDayFee) < toCents(rule.halfDayFee)) return 'The full-day fee is less than the half-day fee.';
  }
  return null;
}

function cancellationPrice(line: PricingLine, rule: Extract<FeeRule, { type: 'cancellation' }> | undefined): PricedLine {
  const notice = line.noticeHours ?? 0;
  const label = `${line.kind ? EVENT_KIND_LABELS[line.kind] : 'Event'} cancelled with ${noticeText(notice)} notice`;
  const tier = rule ? [...rule.tiers].sort((a, b) => a.noticeUnderHours - b.noticeUnderHours).find((t) => notice < t.noticeUnderHours) : undefined;
  if (!tier) return { billedHours: 0, amount: 0, rule: `${label}: no fee` };
  const cents = line.rate === null ? 0 : timesCents(tier.hours, toCents(line.rate));
  return { billedHours: tier.hours, amount: cents / 100, rule: `${label}: ${hoursText(tier.hours)}` };
}

/**
 * Prices the time lines of one bill. Minimums and flat fees count a person's day of one event kind
 * together: the day's last line takes a minimum's missing hours, the day's first line carries the flat
 * fee (once) and the others are included in it. A percentage applies to each line's amount (after a
 * minimum). Lines of no event kind, or of a kind with no rule, bill hours × rate.
 */
export function priceLines(lines: readonly PricingLine[], rules: readonly FeeRule[]): Map<string, PricedLine> {
  const ruleOf = <T extends FeeRule['type']>(type: T, kind: EventKind | null) =>
    kind === null ? undefined : (rules.find((r) => r.type === type && r.kind === kind) as Extract<FeeRule, { type: T }> | undefined);
  const priced = new Map<string, PricedLine>();
  const days = new Map<string, PricingLine[]>();
  for (const line of lines) {
    if (line.noticeHours !== undefined && line.noticeHours !== null) {
      priced.set(line.id, cancellationPrice(line, ruleOf('cancellation', line.kind)));
      continue;
    }
    if (ruleOf('flat', line.kind) || ruleOf('minimum', line.kind)) {
      const key = `${line.userId}\u0000${line.date}\u0000${line.kind}`;
      days.set(key, [...(days.get(key) ?? []), line]);
    }
    const rateCents = line.rate === null ? 0 : toCents(line.rate);
    priced.set(line.id, { billedHours: line.hours, amount: timesCents(line.hours, rateCents) / 100, rule: null });
  }
  for (const day of days.values()) {
    const kind = day[0]!.kind!;
    const worked = Math.round(day.reduce((s, l) => s + l.hours, 0) * 100) / 100;
    const flat = ruleOf('flat', kind);
    if (flat) {
      const full = worked > flat.halfDayUpToHours;
      const label = `${EVENT_KIND_LABELS[kind]} ${full ? 'full' : 'half'} day (flat fee)`;
      day.forEach((line, i) => priced.set(line.id, {
        billedHours: line.hours,
        amount: i === 0 ? toCents(full ? flat.fullDayFee : flat.halfDayFee) / 100 : 0,
        rule: i === 0 ? label : `Included in the ${label.toLowerCase()}`,
      }));
      continue;
    }
    const minimum = ruleOf('minimum', kind)!;
    if (worked >= minimum.hours) continue;
    const last = day[day.length - 1]!;
    const billedHours = Math.round((last.hours + minimum.hours - worked) * 100) / 100;
    priced.set(last.id, {
      billedHours, amount: timesCents(billedHours, last.rate === null ? 0 : toCents(last.rate)) / 100,
      rule: `${EVENT_KIND_LABELS[kind]} minimum ${hoursText(minimum.hours)}`,
    });
  }
  for (const line of lines) {
    const percent = line.noticeHours == null ? ruleOf('percent', line.kind) : undefined;
    if (!percent) continue;
    const before = priced.get(line.id)!;
    const label = `${EVENT_KIND_LABELS[line.kind!]} at ${percent.percent} %`;
    priced.set(line.id, {
      ...before,
      amount: Math.round(Number((toCents(before.amount) * percent.percent / 100).toPrecision(12))) / 100,
      rule: before.rule ? `${before.rule}; ${label}` : label,
    });
  }
  return priced;
}
