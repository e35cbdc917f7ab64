import { ZIP_MIN_DIGITS } from './constants.ts';

/** An address as the interface and the action-item location use it (SPEC §3). */
export interface Address {
  fullAddress: string;
  streetAddress1: string;
  streetAddress2: string;
  city: string;
  stateCode: string;
  stateName: string;
  postalCode: string;
  country: string;
  source: 'radar' | 'manual';
  radarPlaceId: string | null;
}

export const DEFAULT_COUNTRY_NAME = 'United States';

export const ADDRESS_MESSAGES = {
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'Valid ZIP code is required',
  addressRequired: 'Address is required',
  notConfigured: 'The address-lookup API is not configured. Please enter your publishable key.',
  invalidKey: 'Invalid API key. Please check your publishable key.',
  rateLimited: 'Rate limit exceeded. Please try again later.',
  requestFailed: (status: number) => `API request failed with status ${status}`,
  searchFailed: (status: number) => `Search failed with status ${status}`,
  placeLookupFailed: (status: number) => `Place lookup failed with status ${status}`,
  connected: (environment: string) => `Connected successfully to the address-lookup API (${environment} environment)`,
  noResults: 'No results found. Try manual entry.',
  unitPlaceholder: 'Unit/Suite (Optional)',
} as const;

export const US_STATES: { code: string; name: string }[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'Virgin Islands' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands' },
];

const STATE_NAMES = new Map(US_STATES.map((state) => [state.code, state.name]));

/** Full name of a state code, '' when the code is unknown. */
export function stateName(code: string): string {
  return STATE_NAMES.get(code.trim().toUpperCase()) ?? '';
}

/** ZIP as typed: digits only, shown as 12345 or 12345-6789. */
export function formatZip(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export function normalizeState(input: string): string {
  return input.toUpperCase().slice(0, 2);
}

/** Manual-entry problems in field order; empty when the address can be saved. */
export function validateManualAddress(a: {
  streetAddress1: string;
  city: string;
  stateCode: string;
  postalCode: string;
}): string[] {
  const errors: string[] = [];
  if (!a.streetAddress1.trim()) errors.push(ADDRESS_MESSAGES.streetRequired);
  if (!a.city.trim()) errors.push(ADDRESS_MESSAGES.cityRequired);
  if (!a.stateCode.trim()) errors.push(ADDRESS_MESSAGES.stateRequired);
  if (a.postalCode.replace(/\D/g, '').length < ZIP_MIN_DIGITS) errors.push(ADDRESS_MESSAGES.zipRequired);
  return errors;
}

/** One-line form of an address: "12 Main St, Suite 4, Springfield, IL 62701". */
export function fullAddressOf(a: Pick<Address, 'streetAddress1' | 'streetAddress2' | 'city' | 'stateCode' | 'postalCode'>): string {
  const region = [a.stateCode.trim(), a.postalCode.trim()].filter(Boolean).join(' ');
  return [a.streetAddress1, a.streetAddress2, a.city, region]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** A manually entered address, completed with the derived fields. */
export function manualAddress(
  a: Pick<Address, 'streetAddress1' | 'streetAddress2' | 'city' | 'stateCode' | 'postalCode'>,
): Address {
  const fields = {
    streetAddress1: a.streetAddress1.trim(),
    streetAddress2: a.streetAddress2.trim(),
    city: a.city.trim(),
    stateCode: normalizeState(a.stateCode.trim()),
    postalCode: formatZip(a.postalCode),
  };
  return {
    ...fields,
    fullAddress: fullAddressOf(fields),
    stateName: stateName(fields.stateCode),
    country: DEFAULT_COUNTRY_NAME,
    source: 'manual',
    radarPlaceId: null,
  };
}
