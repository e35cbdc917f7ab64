import { ActionItemsPanel } from './action-items-panel.tsx';

/** The action items card of the time tracking page: the selected project's items, inline form. */
export function ActionItemsCard({ projectId }: { projectId: string | null }) {
  return <ActionItemsPanel mode="card" projectId={projectId} />;
}
