// The action items feature as other features see it: the card a project's page shows.
export { ActionItemsCard } from './action-items-card.tsx';
