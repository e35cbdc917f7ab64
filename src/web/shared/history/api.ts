import { useQuery } from '@tanstack/react-query';
import type { TAuditPage, THistoryTable } from '../../../core/api/audit.ts';
import { api } from '../../lib/api.ts';

export function useHistory(table: THistoryTable, id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['audit', 'history', table, id],
    queryFn: () => api<TAuditPage>(`/api/audit/history/${table}/${id}`).then((r) => r.entries),
    enabled,
    staleTime: 0,
  });
}
