import { z } from 'zod';

export const ZRadarEnvironment = z.enum(['test', 'live']);
export type TRadarEnvironment = z.infer<typeof ZRadarEnvironment>;

/** Address-lookup settings as the Settings page shows them: keys masked. */
export const ZAddressLookupSettings = z.object({
  enabled: z.boolean(),
  environment: ZRadarEnvironment,
  /** e.g. 'prj_test_pk_••••••••3f9a'; null when no key is stored. */
  testKeyMasked: z.string().nullable(),
  liveKeyMasked: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TAddressLookupSettings = z.infer<typeof ZAddressLookupSettings>;

/** The stored keys in clear, only fetched when an admin opens the form for editing. */
export const ZAddressLookupKeys = z.object({
  testKey: z.string().nullable(),
  liveKey: z.string().nullable(),
});
export type TAddressLookupKeys = z.infer<typeof ZAddressLookupKeys>;

const key = z.string().trim().max(200).nullable();

/** PUT /api/settings/address-lookup. A key left out is kept; null or '' clears it. */
export const ZAddressLookupSettingsBody = z.object({
  enabled: z.boolean(),
  environment: ZRadarEnvironment,
  testKey: key.optional(),
  liveKey: key.optional(),
  version: z.number().int(),
});
export type TAddressLookupSettingsBody = z.infer<typeof ZAddressLookupSettingsBody>;

/** POST /api/settings/address-lookup/test. Without a key the stored key of that environment is tried. */
export const ZAddressLookupTestBody = z.object({
  environment: ZRadarEnvironment,
  publishableKey: z.string().trim().max(200).optional(),
});
export const ZAddressLookupTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type TAddressLookupTestResult = z.infer<typeof ZAddressLookupTestResult>;
