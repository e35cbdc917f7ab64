import { describe, expect, it } from 'vitest';
import { addressFromRadar, labelOf } from './map.ts';

describe('addressFromRadar', () => {
  const cases = [
    {
      name: 'a full address hit',
      input: {
        formattedAddress: '20 Jay St, Brooklyn, NY 11201 US', number: '20', street: 'Jay St', city: 'Brooklyn',
        state: 'New York', stateCode: 'NY', postalCode: '11201', country: 'United States', countryCode: 'US', layer: 'address',
      },
      expected: {
        fullAddress: '20 Jay St, Brooklyn, NY 11201 US', streetAddress1: '20 Jay St', streetAddress2: '', city: 'Brooklyn',
        stateCode: 'NY', stateName: 'New York', postalCode: '11201', country: 'United States', source: 'radar',
        radarPlaceId: '20 Jay St, Brooklyn, NY 11201 US',
      },
    },
    {
      name: 'a ZIP+4 and a lower-case state code; state name from the table',
      input: { number: '1', street: 'Main St', city: 'Springfield', stateCode: 'il', postalCode: '627011234' },
      expected: {
        fullAddress: '1 Main St, Springfield, IL 62701-1234', streetAddress1: '1 Main St', streetAddress2: '',
        city: 'Springfield', stateCode: 'IL', stateName: 'Illinois', postalCode: '62701-1234',
        country: 'United States', source: 'radar', radarPlaceId: '1 Main St, Springfield, IL 62701-1234',
      },
    },
    {
      name: 'a city-level hit has no street',
      input: { formattedAddress: 'Austin, TX US', city: 'Austin', stateCode: 'TX', state: 'Texas', layer: 'locality' },
      expected: {
        fullAddress: 'Austin, TX US', streetAddress1: '', streetAddress2: '', city: 'Austin', stateCode: 'TX',
        stateName: 'Texas', postalCode: '', country: 'United States', source: 'radar', radarPlaceId: 'Austin, TX US',
      },
    },
  ];
  it.each(cases)('$name', ({ input, expected }) => {
    expect(addressFromRadar(input)).toEqual(expected);
  });

  it('labels a hit by its formatted address, else its place or address label', () => {
    expect(labelOf({ formattedAddress: 'A, B' })).toBe('A, B');
    expect(labelOf({ placeLabel: 'Central Library' })).toBe('Central Library');
    expect(labelOf({ addressLabel: '5 Oak Ave' })).toBe('5 Oak Ave');
  });
});
