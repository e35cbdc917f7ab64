import { DEFAULT_COUNTRY_NAME, formatZip, fullAddressOf, stateName, type Address } from '../../../core/address.ts';
import type { RadarAddress } from './client.ts';

/**
 * Radar's address → the SPEC §3 address object. Radar addresses carry no opaque id, so the
 * formatted address serves as the place id the place lookup resolves (docs/decisions/022).
 */
export function addressFromRadar(r: RadarAddress): Address {
  const street = [r.number, r.street].filter((p) => p && p.trim()).join(' ').trim();
  const stateCode = (r.stateCode ?? '').toUpperCase().slice(0, 2);
  const parts = {
    streetAddress1: street || (r.layer === 'address' ? (r.addressLabel ?? '') : ''),
    streetAddress2: '',
    city: r.city ?? '',
    stateCode,
    postalCode: formatZip(r.postalCode ?? ''),
  };
  return {
    ...parts,
    fullAddress: r.formattedAddress?.trim() || fullAddressOf(parts),
    stateName: r.state || stateName(stateCode),
    country: r.country || DEFAULT_COUNTRY_NAME,
    source: 'radar',
    radarPlaceId: r.formattedAddress?.trim() || fullAddressOf(parts) || null,
  };
}

/** What the suggestion list shows for one hit. */
export function labelOf(r: RadarAddress): string {
  return r.formattedAddress?.trim() || r.placeLabel || r.addressLabel || addressFromRadar(r).fullAddress;
}
