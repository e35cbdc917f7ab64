import type { TSignInProvider } from '../api/auth.ts';
import { SIGN_IN_MESSAGES } from './users.ts';

// Sign in with Google or Microsoft (issue 27, docs/decisions/091): the rules and the words.

export const PROVIDER_LABELS: Record<TSignInProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/** The environment variable that holds each provider's client secret (never the database). */
export const PROVIDER_SECRET_VARIABLES = {
  google: 'OIDC_GOOGLE_CLIENT_SECRET',
  microsoft: 'OIDC_MICROSOFT_CLIENT_SECRET',
} as const satisfies Record<TSignInProvider, string>;

/** What each provider's issuer usually is, shown as the field's hint. */
export const PROVIDER_ISSUER_HINTS: Record<TSignInProvider, string> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/<your tenant id>/v2.0',
};

/** How long a sign-in sent to a provider may take to come back (the pending row and its cookie). */
export const PROVIDER_SIGN_IN_MINUTES = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** http is allowed only for an issuer on this computer (a test provider); every other issuer is https. */
export function isLoopbackHttpIssuer(issuerUrl: string): boolean {
  try {
    const url = new URL(issuerUrl);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

export const PROVIDER_SETTINGS_MESSAGES = {
  issuerNotUrl: 'The issuer URL is not a web address. It looks like https://accounts.google.com.',
  issuerNotHttps: 'The issuer URL must start with https:// (http:// only for a test provider on this computer).',
  issuerHasQuery: 'The issuer URL has no query (?…) or fragment (#…): give the issuer itself, e.g. https://accounts.google.com.',
  missingForEnabled: 'Give the issuer URL and the client id before turning sign-in on.',
  publicUrlNeeded: 'Set PUBLIC_URL on the server (the address people use, e.g. https://casebook.firm.com) and restart before '
    + 'turning sign-in on: in production the address the provider sends people back to is built from it only.',
} as const;

/**
 * Why a production start stops (docs/decisions/168): a provider is on in Settings and PUBLIC_URL is
 * not set, so there is no address to send people back to but the request's Host header, never trusted.
 */
export function publicUrlNeededAtStart(providers: readonly TSignInProvider[]): string {
  const names = providers.map((p) => PROVIDER_LABELS[p]).join(' and ');
  return 'Invalid configuration:\n'
    + `  PUBLIC_URL: is required in production while sign-in with ${names} is on in Settings (the address the provider `
    + 'sends people back to is built from it only, never from the Host header). Set it to the address people use, '
    + 'e.g. https://casebook.firm.com.';
}

/**
 * The problem with an issuer URL as typed, or null when it may be used. `production`: a server in
 * production never takes an http issuer, not even on this computer (its own services are not
 * providers, and the Test button must not reach them).
 */
export function issuerUrlProblem(issuerUrl: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(issuerUrl);
  } catch {
    return PROVIDER_SETTINGS_MESSAGES.issuerNotUrl;
  }
  if (url.protocol !== 'https:' && (production || !isLoopbackHttpIssuer(issuerUrl))) return PROVIDER_SETTINGS_MESSAGES.issuerNotHttps;
  if (url.search || url.hash) return PROVIDER_SETTINGS_MESSAGES.issuerHasQuery;
  return null;
}

/** Why a sign-in with a provider ended without a session: the `error` of /login?error=…&provider=…. */
export const PROVIDER_FAILURES = [
  'not_offered', 'expired', 'state_mismatch', 'denied', 'unreachable', 'failed', 'email_unverified', 'no_account', 'disabled', 'busy',
] as const;

/** Sign-ins with a provider one address may start per minute (each keeps a pending row and asks the provider). */
export const PROVIDER_STARTS_PER_MINUTE = 20;
export type TProviderFailure = (typeof PROVIDER_FAILURES)[number];

export function isProviderFailure(value: string | null | undefined): value is TProviderFailure {
  return (PROVIDER_FAILURES as readonly string[]).includes(value ?? '');
}

/** The sentence the login page shows for a failure (provider: google or microsoft; unknown → 'the provider'). */
export function providerFailureMessage(failure: TProviderFailure, provider: string | null | undefined): string {
  const name = provider === 'google' || provider === 'microsoft' ? PROVIDER_LABELS[provider] : 'the provider';
  switch (failure) {
    case 'not_offered': return `Sign-in with ${name} is not set up. Sign in with your e-mail and password.`;
    case 'expired': return `The sign-in with ${name} took too long or was already used. Please try again.`;
    case 'state_mismatch': return `The answer from ${name} does not belong to the sign-in this browser started. Please try again.`;
    case 'denied': return `The sign-in at ${name} was cancelled or refused.`;
    case 'unreachable': return `Casebook could not reach ${name}. Please try again later, or sign in with your e-mail and password.`;
    case 'failed': return `${name[0]!.toUpperCase()}${name.slice(1)} could not confirm who you are. Please try again.`;
    case 'email_unverified': return `${name[0]!.toUpperCase()}${name.slice(1)} has not verified the e-mail address of that account, so Casebook cannot sign you in with it.`;
    case 'no_account': return `No active Casebook account uses the e-mail address you signed in with at ${name}.`;
    case 'disabled': return SIGN_IN_MESSAGES.disabled;
    case 'busy': return `Too many sign-ins with ${name} were started from here. Please wait a minute and try again.`;
  }
}

/**
 * The e-mail address an ID token vouches for, or why it does not. OpenID Connect's `email_verified`
 * must be true. Microsoft's tokens do not carry that claim; its optional claim `xms_edov` (the e-mail's
 * domain is verified by the tenant's owner) stands for it there.
 */
export function verifiedEmail(provider: TSignInProvider, claims: Record<string, unknown>):
  { email: string } | { failure: 'email_unverified' } {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true'
    || (provider === 'microsoft' && (claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1));
  if (!email || !email.includes('@') || !verified) return { failure: 'email_unverified' };
  return { email };
}
