// The sign-in providers feature as other features see it: the providers the sign-in page offers.
export { offeredProviders } from './settings.ts';
/** The app's own origin for links that leave it (a label's QR code): PUBLIC_URL, else the request's origin outside production. */
export { returnBase } from './settings.ts';
