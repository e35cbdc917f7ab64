import { ActionItemsPanel } from './action-items-panel.tsx';

/**
 * The action items card of the time tracking page: the selected project's items, inline form.
 * A chunk of its own: the time rows never wait for it (issue 13).
 */
export default function ActionItemsCard({ projectId }: { projectId: string | null }) {
  return <ActionItemsPanel mode="card" projectId={projectId} />;
}
