// npm run bench: every benchmark in turn, each in its own process (they share the 2 cores).
import { spawnSync } from 'node:child_process';

const BENCHES = ['search.ts', 'time-tracking.ts', 'action-items.ts', 'screens.ts', 'timesheet-screen.ts', 'pdf.ts', 'documents.ts', 'reports.ts', 'billing.ts', 'bill-fee-rules.ts', 'timesheet.ts', 'calendar.ts', 'admin.ts', 'backup-saves.ts', 'shutdown.ts', 'import.ts', 'offline-editor.ts', 'photos.ts', 'conflict-check.ts', 'evidence.ts', 'rule26.ts', 'intake.ts'];
let failed = false;
for (const file of BENCHES) {
  console.log(`\n=== bench/${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
