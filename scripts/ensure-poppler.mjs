// PDF tests read the reports with poppler-utils (pdftotext, pdfinfo, pdfimages): install it when we
// can (root on Debian), else say how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('/usr/bin/pdftotext')) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error('poppler-utils is missing. Install it with:\n  sudo apt-get update && sudo apt-get install -y poppler-utils');
    process.exit(1);
  }
  console.log('Installing Debian poppler-utils for the PDF tests...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils', { stdio: 'inherit' });
}
