import { describe, expect, it } from 'vitest';
import { addressKey, claimKey, hasLettersOrDigits, nameKey } from './conflict-keys.ts';

// test/api/conflict-keys.test.ts holds the SQL functions of migration 038 to these functions.
const NAME_CASES: [string, string][] = [
  ['Liberty Mutual Ins. Co.', 'liberty mutual ins'],
  ['Liberty Mutual Insurance Company', 'liberty mutual ins'],
  ['LIBERTY  MUTUAL, INC.', 'liberty mutual'],
  ['Smith & Jones Corp', 'smith jones'],
  ['Smith and Jones Corporation', 'smith jones'],
  ['The Hartford', 'hartford'],
  ['Co.', 'co'],
  ['  O\'Brien-Walsh, LLC ', 'o brien walsh'],
  ['Acme Ltd.', 'acme'],
  ['', ''],
];
const CLAIM_CASES: [string, string][] = [
  ['CLM-2024/0113-a', 'CLM20240113A'],
  ['clm 2024 0113 A', 'CLM20240113A'],
  ['  ', ''],
];
const ADDRESS_CASES: [string, string][] = [
  ['123 Main St.', '123 main st'],
  ['123 Main Street, Unit 3', '123 main st'],
  ['123 MAIN STREET APT 4B', '123 main st'],
  ['123 Main St #5', '123 main st'],
  ['123 Main St. Apartment 2, Springfield, IL 62701', '123 main st'],
  ['45 North Oak Avenue Suite 200', '45 n oak ave'],
  ['45 N. Oak Ave.', '45 n oak ave'],
  ['9 Elm Rd', '9 elm rd'],
  ['9 Elm Road', '9 elm rd'],
  ['700 Sunset Boulevard', '700 sunset blvd'],
  ['12 Lake Drive, Ste 4', '12 lake dr'],
  ['Main Street', ''],
  ['Unit 3, 123 Main St', ''],
  ['', ''],
];

describe('conflict keys', () => {
  it.each(NAME_CASES)('name %j → %j', (input, key) => expect(nameKey(input)).toBe(key));
  it.each(CLAIM_CASES)('claim %j → %j', (input, key) => expect(claimKey(input)).toBe(key));
  it.each(ADDRESS_CASES)('address %j → %j', (input, key) => expect(addressKey(input)).toBe(key));
  it.each([['...', false], ['---!!', false], ['A.', true], ['7', true], ['Ünal', true]] as const)(
    'a name %j has letters or digits: %s', (input, ok) => expect(hasLettersOrDigits(input)).toBe(ok));
});
