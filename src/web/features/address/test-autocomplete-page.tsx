// Not built yet: the screen shows its title and says so.
export { PendingScreen as default } from '../../ui/pending-screen.tsx';
