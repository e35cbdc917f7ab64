// Placeholder until the action-items capability lands: renders nothing.
export function ActionItemsCard(_props: { projectId: string | null }) {
  return null;
}
