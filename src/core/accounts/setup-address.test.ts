import { describe, expect, it } from 'vitest';
import { SETUP_ADDRESS_TEXT, setupAddress, setupTokenRefusal } from './setup-address.ts';

describe('the printed setup address', () => {
  it.each([
    ['a listening address', 'http://localhost:3000', 'http://localhost:3000/setup?token=abc'],
    ['a public address with a path', 'https://firm.example/casebook/', 'https://firm.example/casebook/setup?token=abc'],
    ['a public address ending in slashes', 'https://firm.example//', 'https://firm.example/setup?token=abc'],
  ])('%s', (_label, base, expected) => expect(setupAddress(base, 'abc')).toBe(expected));

  it('keeps the token intact', () => expect(setupAddress('http://h', 'a-b_c+/=')).toBe('http://h/setup?token=a-b_c%2B%2F%3D'));
});

describe('a setup token is refused', () => {
  it.each([
    ['no users, a token printed at a start', { usersExist: false, tokenKnown: true }, null],
    ['no users, an unknown token', { usersExist: false, tokenKnown: false }, SETUP_ADDRESS_TEXT.notValid],
    ['users exist (the token was used, or user:create ran)', { usersExist: true, tokenKnown: true }, SETUP_ADDRESS_TEXT.alreadySetUp],
    ['users exist, an unknown token', { usersExist: true, tokenKnown: false }, SETUP_ADDRESS_TEXT.alreadySetUp],
  ])('%s → %s', (_label, state, expected) => expect(setupTokenRefusal(state)).toBe(expected));
});
