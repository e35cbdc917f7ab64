import { z } from 'zod';

/** The address object of SPEC §3, as stored in jsonb columns and sent over HTTP. */
export const ZAddress = z.object({
  fullAddress: z.string().max(500),
  streetAddress1: z.string().max(200),
  streetAddress2: z.string().max(200),
  city: z.string().max(100),
  stateCode: z.string().max(2),
  stateName: z.string().max(100),
  postalCode: z.string().max(10),
  country: z.string().max(100),
  source: z.enum(['radar', 'manual']),
  radarPlaceId: z.string().max(300).nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

/** GET /api/address/autocomplete */
export const ZAutocompleteQuery = z.object({
  query: z.string().trim().min(1).max(200),
  /** Comma list of ISO country codes; US when absent (SPEC §9). */
  country: z.string().regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
/** One suggestion: the full address plus the provider's label, ready to be picked. */
export const ZAddressSuggestion = z.object({
  label: z.string(),
  address: ZAddress,
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestion>;
export const ZAutocompleteResponse = z.object({ addresses: z.array(ZAddressSuggestion) });
export type TAutocompleteResponse = z.infer<typeof ZAutocompleteResponse>;

/** GET /api/address/place */
export const ZPlaceQuery = z.object({ placeId: z.string().trim().min(1).max(300) });
export const ZPlaceResponse = z.object({ address: ZAddress });
export type TPlaceResponse = z.infer<typeof ZPlaceResponse>;

/** GET /api/address/status: whether the lookup can be offered; no key ever leaves the server. */
export const ZAddressLookupStatus = z.object({
  enabled: z.boolean(),
  environment: z.enum(['test', 'live']),
});
export type TAddressLookupStatus = z.infer<typeof ZAddressLookupStatus>;
