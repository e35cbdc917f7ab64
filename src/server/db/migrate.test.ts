import { describe, expect, it } from 'vitest';
import { checkApplied, migrationChecksum, MigrationChangedError } from './migrate.ts';

const files = new Map([['001_init.sql', 'aaa'], ['002_more.sql', 'bbb']]);

describe('the checksums of applied migrations', () => {
  it('accepts migrations whose files are as they were applied', () => {
    expect(checkApplied([{ name: '001_init.sql', checksum: 'aaa' }, { name: '002_more.sql', checksum: 'bbb' }], files))
      .toEqual({ adopt: [], changed: [] });
  });

  it('has migrations applied before checksums were kept adopt the current ones', () => {
    expect(checkApplied([{ name: '001_init.sql', checksum: null }, { name: '002_more.sql', checksum: 'bbb' }], files))
      .toEqual({ adopt: [{ name: '001_init.sql', checksum: 'aaa' }], changed: [] });
  });

  it('names every applied migration whose file changed since', () => {
    expect(checkApplied([{ name: '001_init.sql', checksum: 'old' }, { name: '002_more.sql', checksum: 'bbb' }], files))
      .toEqual({ adopt: [], changed: ['001_init.sql'] });
  });

  it('leaves alone an applied migration whose file is gone', () => {
    expect(checkApplied([{ name: '000_gone.sql', checksum: 'x' }], files)).toEqual({ adopt: [], changed: [] });
  });

  it('ignores line endings only, any other edit changes the checksum', () => {
    expect(migrationChecksum('select 1;\r\nselect 2;\r\n')).toBe(migrationChecksum('select 1;\nselect 2;\n'));
    expect(migrationChecksum('select 1;\n')).not.toBe(migrationChecksum('select 1; \n'));
  });

  it('says which file changed and what to do', () => {
    expect(new MigrationChangedError(['014_report_speed.sql']).message).toBe(
      'Migration 014_report_speed.sql was changed after it was applied to this database. Migrations are append-only: '
      + 'put the file back as it was and make the change in a new migration.',
    );
  });
});
