import { useSearchParams } from 'react-router';
import type { TReportQueryInput } from '../../../core/api/reports.ts';
import { GROUPS, KINDS, PERIODS, periodRange, rangeProblem, type EntryKind, type GroupBy, type Period } from '../../../core/time/reports.ts';
import { isoDateProblem } from '../../../core/smart-date.ts';
import { localIsoDate } from '../../../core/dates/iso-date.ts';
import { useFirmWeekStart } from '../../shared/auth.tsx';
import { useToday } from '../../ui/today.ts';

// The report's filters live in the URL, so a report can be bookmarked and shared.

const FILTER_KEYS = ['clientId', 'caseId', 'projectId', 'userId', 'jobType'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const period = pick<Period>(params.get('period'), PERIODS, 'this-month');
  const groupBy = pick<GroupBy>(params.get('groupBy'), GROUPS, 'staff');
  // The optional second level; the same grouping twice is dropped.
  const thenByParam = params.get('thenBy');
  const thenBy = thenByParam !== groupBy && (GROUPS as readonly string[]).includes(thenByParam ?? '') ? (thenByParam as GroupBy) : undefined;
  const kind = pick<EntryKind>(params.get('kind'), KINDS, 'both');
  const todayDate = useToday()();
  const today = localIsoDate(todayDate);
  const preset = periodRange(period, today, useFirmWeekStart());
  const from = preset?.from ?? params.get('from') ?? '';
  const to = preset?.to ?? params.get('to') ?? '';
  const problem = !from || !to ? 'Choose the first and last day of the period.'
    : isoDateProblem(from, todayDate) ?? isoDateProblem(to, todayDate) ?? rangeProblem(from, to);
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined])) as Record<FilterKey, string | undefined>;
  const query: TReportQueryInput | null = problem ? null : { from, to, groupBy, thenBy, kind, ...filters };

  /** Sets some parameters (undefined or '' removes one); the rest of the URL stays. */
  const update = (changes: Record<string, string | undefined>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    }, { replace: true });
  };
  return { period, groupBy, thenBy, kind, from, to, filters, query, problem, update };
}
