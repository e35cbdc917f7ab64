import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../../runtime.ts';

/** The app's version, from package.json, written into every backup. */
export const APP_VERSION: string = JSON.parse(
  readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8'),
).version;
