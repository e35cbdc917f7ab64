import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  formatZip,
  fullAddressOf,
  manualAddress,
  normalizeState,
  stateName,
  US_STATES,
  validateManualAddress,
} from './address.ts';

describe('formatZip', () => {
  it.each([
    ['', ''],
    ['1234', '1234'],
    ['12345', '12345'],
    ['123456', '12345-6'],
    ['123456789', '12345-6789'],
    ['12345-6789', '12345-6789'],
    ['1234567890', '12345-6789'],
    ['ab1c2 3-45', '12345'],
  ])('%j → %j', (input, expected) => {
    expect(formatZip(input)).toBe(expected);
  });
});

describe('normalizeState', () => {
  it.each([
    ['', ''],
    ['n', 'N'],
    ['ny', 'NY'],
    ['Ca', 'CA'],
    ['texas', 'TE'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeState(input)).toBe(expected);
  });
});

describe('validateManualAddress', () => {
  const valid = { streetAddress1: '12 Main St', city: 'Springfield', stateCode: 'IL', postalCode: '62701' };

  it.each<[string, Partial<typeof valid>, string[]]>([
    ['complete', {}, []],
    ['ZIP+4', { postalCode: '62701-1234' }, []],
    ['no street', { streetAddress1: '  ' }, ['Street address is required']],
    ['no city', { city: '' }, ['City is required']],
    ['no state', { stateCode: '' }, ['State is required']],
    ['short ZIP', { postalCode: '6270' }, ['Valid ZIP code is required']],
    ['ZIP without digits', { postalCode: 'abcde' }, ['Valid ZIP code is required']],
    [
      'nothing',
      { streetAddress1: '', city: '', stateCode: '', postalCode: '' },
      ['Street address is required', 'City is required', 'State is required', 'Valid ZIP code is required'],
    ],
  ])('%s', (_case, change, expected) => {
    expect(validateManualAddress({ ...valid, ...change })).toEqual(expected);
  });
});

describe('US_STATES and stateName', () => {
  it('has 50 states, DC and five territories, each code once', () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(56);
  });

  it.each([
    ['NY', 'New York'],
    ['dc', 'District of Columbia'],
    ['PR', 'Puerto Rico'],
    ['VI', 'Virgin Islands'],
    ['AS', 'American Samoa'],
    ['GU', 'Guam'],
    ['MP', 'Northern Mariana Islands'],
    ['XX', ''],
    ['', ''],
  ])('%j → %j', (code, name) => {
    expect(stateName(code)).toBe(name);
  });
});

describe('fullAddressOf and manualAddress', () => {
  it.each([
    [{ streetAddress1: '12 Main St', streetAddress2: 'Suite 4', city: 'Springfield', stateCode: 'IL', postalCode: '62701' }, '12 Main St, Suite 4, Springfield, IL 62701'],
    [{ streetAddress1: '12 Main St', streetAddress2: '', city: 'Springfield', stateCode: 'IL', postalCode: '' }, '12 Main St, Springfield, IL'],
  ])('%j → %s', (parts, expected) => {
    expect(fullAddressOf(parts)).toBe(expected);
  });

  it('completes a manual address', () => {
    expect(
      manualAddress({ streetAddress1: ' 12 Main St ', streetAddress2: '', city: 'Springfield', stateCode: 'il', postalCode: '627011234' }),
    ).toEqual({
      fullAddress: '12 Main St, Springfield, IL 62701-1234',
      streetAddress1: '12 Main St',
      streetAddress2: '',
      city: 'Springfield',
      stateCode: 'IL',
      stateName: 'Illinois',
      postalCode: '62701-1234',
      country: 'United States',
      source: 'manual',
      radarPlaceId: null,
    });
  });
});

describe('ADDRESS_MESSAGES', () => {
  it.each([
    [ADDRESS_MESSAGES.requestFailed(500), 'API request failed with status 500'],
    [ADDRESS_MESSAGES.searchFailed(502), 'Search failed with status 502'],
    [ADDRESS_MESSAGES.placeLookupFailed(404), 'Place lookup failed with status 404'],
    [ADDRESS_MESSAGES.connected('test'), 'Connected successfully to the address-lookup API (test environment)'],
    [ADDRESS_MESSAGES.notConfigured, 'The address-lookup API is not configured. Please enter your publishable key.'],
    [ADDRESS_MESSAGES.invalidKey, 'Invalid API key. Please check your publishable key.'],
    [ADDRESS_MESSAGES.rateLimited, 'Rate limit exceeded. Please try again later.'],
    [ADDRESS_MESSAGES.noResults, 'No results found. Try manual entry.'],
    [ADDRESS_MESSAGES.addressRequired, 'Address is required'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
