import { useSearchParams } from 'react-router';
import { ActionItemsPanel } from './action-items-panel.tsx';

/**
 * The action items card of the time tracking page: the selected project's items, inline form;
 * `?item=` opens that item (the dashboard's links).
 * A chunk of its own: the time rows never wait for it (issue 13).
 */
export function ActionItemsCard({ projectId }: { projectId: string | null }) {
  const [params] = useSearchParams();
  return <ActionItemsPanel mode="card" projectId={projectId} openItemId={params.get('item')} />;
}
