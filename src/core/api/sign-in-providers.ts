import { z } from 'zod';
import { ZSignInProvider } from './auth.ts';

// Settings → Sign in with Google or Microsoft (issue 27, docs/decisions/091). Super admins only.

/** One provider as Settings shows it. The client secret is never sent: only whether it is set. */
export const ZProviderSettings = z.object({
  provider: ZSignInProvider,
  issuerUrl: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  /** True when the server's environment holds this provider's client secret. */
  secretSet: z.boolean(),
  /** The environment variable that holds it (OIDC_GOOGLE_CLIENT_SECRET, …). */
  secretVariable: z.string(),
  /** The address to register at the provider as the redirect URI; null in production until PUBLIC_URL is set. */
  redirectUri: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TProviderSettings = z.infer<typeof ZProviderSettings>;

export const ZProviderSettingsList = z.object({ providers: z.array(ZProviderSettings) });
export type TProviderSettingsList = z.infer<typeof ZProviderSettingsList>;

export const ZProviderParams = z.object({ provider: ZSignInProvider }).strict();

const issuerUrl = z.string().trim().max(500);
const clientId = z.string().trim().max(500);

/** PUT /api/settings/sign-in-providers/:provider. Turning one on needs an issuer URL and a client id. */
export const ZProviderSettingsBody = z.object({
  issuerUrl,
  clientId,
  enabled: z.boolean(),
  version: z.number().int(),
}).strict();
export type TProviderSettingsBody = z.infer<typeof ZProviderSettingsBody>;

/** POST /api/settings/sign-in-providers/:provider/test: the form's values (saved or not). */
export const ZProviderTestBody = z.object({ issuerUrl, clientId }).strict();
export type TProviderTestBody = z.infer<typeof ZProviderTestBody>;

export const ZProviderTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type TProviderTestResult = z.infer<typeof ZProviderTestResult>;

/** /api/auth/oidc/:provider/callback's query: what a provider sends back (anything else is ignored). */
export const ZProviderCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
}).loose();
