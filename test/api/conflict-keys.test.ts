// Migration 038's SQL keys (what the indexes hold) and src/core/cases/conflict-keys.ts give one answer.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, claimKey, nameKey } from '../../src/core/cases/conflict-keys.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INPUTS = [
  'Liberty Mutual Ins. Co.', 'Liberty Mutual Insurance Company', 'LIBERTY  MUTUAL, INC.', 'Smith & Jones Corp', 'The Hartford', 'Co.',
  '  O\'Brien-Walsh, LLC ', '', '...', 'Müller Versicherung AG', 'ß straße 5', '123 Main St.', '123 Main Street, Unit 3',
  '123 MAIN STREET APT 4B', '123 Main St #5', '45 North Oak Avenue Suite 200', '45 N. Oak Ave.', 'Main Street', 'Unit 3, 123 Main St',
  'CLM-2024/0113-a', 'clm 2024 0113 A', '9 Elm Road, Springfield IL', 'İstanbul Sigorta', 'a\tb\nc', '🙂 Emoji Ins',
];

describe('conflict keys in SQL', () => {
  it.each(INPUTS)('%j', async (input) => {
    const row = await sql<{ name: string; claim: string; address: string }>`
      select casebook_name_key(${input}) as name, casebook_claim_key(${input}) as claim, casebook_address_key(${input}) as address`
      .execute(t.database.db);
    expect(row.rows[0]).toEqual({ name: nameKey(input), claim: claimKey(input), address: addressKey(input) });
  });
});
