// The sign-in providers feature as other features see it: the providers the sign-in page offers.
export { offeredProviders } from './settings.ts';
