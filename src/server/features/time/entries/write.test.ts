import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/128: time entries are inserted in one place, entries/write.ts. A second INSERT
// (Kysely's insertInto or raw SQL) elsewhere would be a second set of rules for the same rows.

const SRC = path.resolve(import.meta.dirname, '../../../..');
const INSERT = /insertInto\(\s*['"]time_entries['"]|insert\s+into\s+time_entries\b/gi;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the one insert path of time entries', () => {
  it('is entries/write.ts, once', () => {
    const found = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(INSERT)].map(() => path.relative(SRC, file)));
    expect(found).toEqual([path.join('server', 'features', 'time', 'entries', 'write.ts')]);
  });
});
