import { describe, expect, it } from 'vitest';
import { displayName, initialsFor } from './people.ts';

describe('initialsFor', () => {
  it.each<[string, string | null | undefined, string]>([
    ['jane@firm.com', 'Jane Doe', 'JD'],
    ['jane@firm.com', 'jane doe', 'JD'],
    ['jane@firm.com', 'Mary Jane Watson', 'MJ'],
    ['jane@firm.com', '  Cher  ', 'C'],
    ['jane@firm.com', '', 'J'],
    ['jane@firm.com', '   ', 'J'],
    ['jane@firm.com', null, 'J'],
    ['jane@firm.com', undefined, 'J'],
    ['', null, ''],
  ])('%j, %j → %j', (email, name, expected) => {
    expect(initialsFor(email, name)).toBe(expected);
  });
});

describe('displayName', () => {
  it.each([
    [{ email: 'a@x.com', first_name: 'Ann', last_name: 'Lee' }, 'Ann Lee'],
    [{ email: 'a@x.com', first_name: ' Ann ', last_name: ' Lee ' }, 'Ann Lee'],
    [{ email: 'a@x.com', first_name: 'Ann', last_name: null }, 'Ann'],
    [{ email: 'a@x.com', first_name: 'Ann', last_name: '' }, 'Ann'],
    [{ email: 'a@x.com', first_name: null, last_name: 'Lee' }, 'a@x.com'],
    [{ email: 'a@x.com' }, 'a@x.com'],
  ])('%j → %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});
