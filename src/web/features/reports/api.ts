import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TClientDetail, TClientSearch } from '../../../core/api/clients.ts';
import type { TReportOptions, TReportQueryInput, TReportResponse } from '../../../core/api/reports.ts';
import { api } from '../../lib/api.ts';

// Fetchers of the reports screen (issue 11).

/** The query string of a report: only the filters that are set. */
function reportSearch(query: TReportQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return params.toString();
}

export const useReport = (query: TReportQueryInput | null) => useQuery({
  queryKey: ['reports', query], enabled: query !== null, placeholderData: keepPreviousData,
  queryFn: ({ signal }) => api<TReportResponse>(`/api/reports?${reportSearch(query!)}`, { signal }),
});

export const useReportOptions = () =>
  useQuery({ queryKey: ['reports', 'options'], queryFn: () => api<TReportOptions>('/api/reports/options'), staleTime: 60_000 });

export const useClientSearch = (q: string) => useQuery({
  queryKey: ['reports', 'client-search', q], enabled: q.trim().length >= 2,
  queryFn: ({ signal }) => api<TClientSearch>(`/api/clients/search?q=${encodeURIComponent(q.trim())}`, { signal }),
});

/** A client with its cases and their projects: the case and project choices of the filter bar. */
export const useClientDetail = (id: string | undefined) => useQuery({
  queryKey: ['reports', 'client', id], enabled: !!id,
  queryFn: () => api<TClientDetail>(`/api/clients/${id}`),
});

/** A file of the report: the grouped CSV (the table), the entries CSV, or the XLSX holding both. */
export const exportUrl = (query: TReportQueryInput, kind: 'csv' | 'entries-csv' | 'xlsx') => kind === 'entries-csv'
  ? `/api/reports/export.csv?${reportSearch(query)}&view=entries`
  : `/api/reports/export.${kind}?${reportSearch(query)}`;
