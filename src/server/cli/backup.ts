// Operators' backup and restore, the same code as Settings → Backups (docs/decisions/072).
//   npm run backup                 writes a backup into BACKUP_DIR (default DATA_DIR/backups)
//   npm run restore -- FILE        verifies FILE, backs up the current data, restores FILE
// On the embedded database, stop the app first (one process owns the data folder); on
// PostgreSQL the running instances go into maintenance while the restore runs.
// Every failure is one line and exit code 1 (docs/decisions/154).
import path from 'node:path';
import { loadEnv } from '../env.ts';
import { BackupService } from '../features/backups/service.ts';
import { Maintenance } from '../http/maintenance.ts';
import { BackupStore } from '../features/backups/store.ts';
import { APP_VERSION } from '../features/backups/version.ts';
import { CommandError, openDatabaseForCommand, runCommand } from './command.ts';

const WHILE_RUNNING = {
  backup: 'press "Back up now" in Settings → Backups instead, or stop it first.',
  restore: 'stop it first (the embedded database is restored with the app stopped), then run this command again.',
};

await runCommand(async () => {
  const [command, file] = process.argv.slice(2);
  if (command !== 'backup' && !(command === 'restore' && file)) {
    throw new CommandError('Usage: npm run backup   |   npm run restore -- FILE');
  }
  const env = loadEnv();
  const database = await openDatabaseForCommand(env, WHILE_RUNNING[command]);
  const log = { info: (m: string) => console.log(m), error: (m: string) => console.error(m) };
  const backupDir = path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'));
  const service = new BackupService({
    database, log, timeZone: env.TZ, appVersion: APP_VERSION,
    store: new BackupStore(backupDir),
    pgliteDir: database.dataDir,
    maintenance: database.kind === 'postgres' ? new Maintenance(database) : undefined,
  });
  try {
    if (command === 'backup') {
      const backup = await service.backup('command');
      console.log(`${path.join(backupDir, backup.name!)}  ${backup.size} bytes  sha256 ${backup.sha256}`);
      // Originals in S3 are not in the file (docs/decisions/162): say where they are, to be backed up apart.
      if (backup.originalsBuckets.length) console.log(`photo originals: S3 bucket ${backup.originalsBuckets.join(', ')}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''} (not in this file)`);
    } else {
      const { done } = await service.restore(path.resolve(file!), null);
      await done;
    }
  } finally {
    await database.close();
  }
});
