// The firm profile's cached reads; field reports read the signer's signature under the same key.
export const firmProfileKeys = {
  profile: ['settings', 'firm-profile'] as const,
  signature: ['me', 'signature'] as const,
};
