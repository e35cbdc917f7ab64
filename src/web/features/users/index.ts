// The users feature as other features see it: its settings section.
export { UsersSection } from './users-section.tsx';
