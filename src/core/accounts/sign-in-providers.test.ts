import { describe, expect, it } from 'vitest';
import {
  isLoopbackHttpIssuer, isProviderFailure, issuerUrlProblem, PROVIDER_FAILURES, PROVIDER_SETTINGS_MESSAGES, providerFailureMessage, verifiedEmail,
} from './sign-in-providers.ts';

describe('issuer URLs', () => {
  it('allows https anywhere and http only on this computer', () => {
    expect(issuerUrlProblem('https://accounts.google.com', true)).toBeNull();
    expect(issuerUrlProblem('https://login.microsoftonline.com/0000-tenant/v2.0', true)).toBeNull();
    expect(issuerUrlProblem('http://127.0.0.1:4000', false)).toBeNull();
    expect(issuerUrlProblem('http://127.0.0.1:4000', true)).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotHttps);
    expect(issuerUrlProblem('http://localhost:4000/realm', false)).toBeNull();
    expect(issuerUrlProblem('http://accounts.google.com', false)).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotHttps);
    expect(issuerUrlProblem('http://127.0.0.1.example.com', false)).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotHttps);
    expect(issuerUrlProblem('accounts.google.com', false)).toBe(PROVIDER_SETTINGS_MESSAGES.issuerNotUrl);
    expect(issuerUrlProblem('https://accounts.google.com/?x=1', false)).toBe(PROVIDER_SETTINGS_MESSAGES.issuerHasQuery);
    expect(isLoopbackHttpIssuer('https://127.0.0.1')).toBe(false);
  });
});

describe('the e-mail an ID token vouches for', () => {
  it('needs email_verified true', () => {
    expect(verifiedEmail('google', { email: ' A@firm.test ', email_verified: true })).toEqual({ email: 'A@firm.test' });
    expect(verifiedEmail('google', { email: 'a@firm.test', email_verified: false })).toEqual({ failure: 'email_unverified' });
    expect(verifiedEmail('google', { email: 'a@firm.test' })).toEqual({ failure: 'email_unverified' });
    expect(verifiedEmail('google', { email_verified: true })).toEqual({ failure: 'email_unverified' });
  });

  it("takes Microsoft's xms_edov for email_verified, for Microsoft only", () => {
    expect(verifiedEmail('microsoft', { email: 'a@firm.test', xms_edov: true })).toEqual({ email: 'a@firm.test' });
    expect(verifiedEmail('google', { email: 'a@firm.test', xms_edov: true })).toEqual({ failure: 'email_unverified' });
  });
});

describe('refusal sentences', () => {
  it('names the provider in every sentence but the disabled one', () => {
    expect(providerFailureMessage('no_account', 'google')).toBe('No active Casebook account uses the e-mail address you signed in with at Google.');
    expect(providerFailureMessage('failed', 'microsoft')).toBe('Microsoft could not confirm who you are. Please try again.');
    expect(providerFailureMessage('failed', 'elsewhere')).toBe('The provider could not confirm who you are. Please try again.');
    expect(providerFailureMessage('disabled', 'google')).toBe('This account is disabled. Ask an administrator.');
    expect(providerFailureMessage('busy', 'microsoft')).toBe('Too many sign-ins with Microsoft were started from here. Please wait a minute and try again.');
    for (const failure of PROVIDER_FAILURES) expect(providerFailureMessage(failure, 'google')).toMatch(/\.$/);
    expect(isProviderFailure('no_account')).toBe(true);
    expect(isProviderFailure('<script>')).toBe(false);
    expect(isProviderFailure(null)).toBe(false);
  });
});
