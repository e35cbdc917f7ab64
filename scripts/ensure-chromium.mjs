// Browser tests and the first-load budget use Debian's Chromium headless shell (docs/decisions/200);
// the benchmarks use Debian's Chromium, the browser people run. Installed when we can (root on
// Debian), else we say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };
const missing = Object.entries(PACKAGES).filter(([, bin]) => !existsSync(bin)).map(([name]) => name);
if (missing.length) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Missing for the browser tests: ${missing.join(', ')}. Install with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian ${missing.join(', ')} for the browser tests...`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}
