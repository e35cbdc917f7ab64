import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The layers the lint keeps (eslint.layers.js, eslint.config.js; docs/decisions/127), checked on probe
// text that is never written to disk: each probe names the rule that must refuse it, or none. The same
// probes are linted from the project root and from subfolders, since the zones are read from the config's
// folder, not from where the lint runs.

const ROOT = resolve(import.meta.dirname, '..');
const ZONES = 'import-x/no-restricted-paths';
const PACKAGES = 'no-restricted-imports';
const UNRESOLVED = 'import-x/no-unresolved';

const PROBES: { file: string; code: string; refusedBy: string | null }[] = [
  // Server features reach each other through an index only.
  { file: 'src/server/features/users/probe.ts', code: "import { hashPassword } from '../auth/passwords.ts';", refusedBy: ZONES },
  { file: 'src/server/features/share-links/probe.ts', code: "import { getReport } from '../field-reports/reads.ts';", refusedBy: ZONES },
  { file: 'src/server/features/users/probe.ts', code: "import { hashPassword } from '../auth/index.ts';", refusedBy: null },
  { file: 'src/server/features/users/probe.ts', code: "import { nothing } from '../auth/no-such-file.ts';", refusedBy: UNRESOLVED },
  { file: 'src/server/features/users/probe.ts', code: "import { createUser } from './service.ts';", refusedBy: null },
  // ... and so do web features.
  { file: 'src/web/features/users/probe.ts', code: "import { useTimesheetSettings } from '../settings/timesheets-api.ts';", refusedBy: ZONES },
  { file: 'src/web/features/settings/probe.ts', code: "import { TimerPanel } from '../timesheet/index.ts';", refusedBy: null },
  { file: 'src/web/features/settings/probe.ts', code: "import { timesheetKeys } from '../timesheet/query-keys.ts';", refusedBy: null },
  { file: 'src/web/features/settings/probe.ts', code: "import { useTimer } from '../timesheet/timer-api.ts';", refusedBy: ZONES },
  { file: 'src/web/features/timesheet/query-keys.ts', code: "import { api } from '../../lib/api.ts';", refusedBy: ZONES },
  // ui/ calls no endpoint.
  { file: 'src/web/ui/probe.ts', code: "import { api } from '../lib/api.ts';", refusedBy: ZONES },
  { file: 'src/web/ui/probe.ts', code: "import { send } from '../lib/transport.ts';", refusedBy: ZONES },
  { file: 'src/web/ui/big-table/probe.ts', code: "import { uploadFiles } from '../../lib/upload.ts';", refusedBy: ZONES },
  { file: 'src/web/ui/probe.ts', code: "import { prefetchSoon } from '../lib/prefetch.ts';", refusedBy: null },
  // core imports zod and itself only.
  { file: 'src/core/probe.ts', code: "import { readFileSync } from 'fs';", refusedBy: PACKAGES },
  { file: 'src/core/probe.ts', code: "import { readFileSync } from 'node:fs';", refusedBy: PACKAGES },
  { file: 'src/core/probe.ts', code: "import pg from 'pg';", refusedBy: PACKAGES },
  { file: 'src/core/api/probe.ts', code: "import Fastify from 'fastify';", refusedBy: PACKAGES },
  { file: 'src/core/probe.ts', code: "import { useState } from 'react';", refusedBy: PACKAGES },
  { file: 'src/core/probe.ts', code: "import { loadEnv } from '../server/env.ts';", refusedBy: ZONES },
  { file: 'src/core/probe.ts', code: "import { z } from 'zod';", refusedBy: null },
  { file: 'src/core/api/probe.ts', code: "import { roundToCents } from '../money.ts';", refusedBy: null },
  // The domain folders (docs/decisions/145) are core as much as its top.
  { file: 'src/core/billing/probe.ts', code: "import pg from 'pg';", refusedBy: PACKAGES },
  { file: 'src/core/billing/probe.ts', code: "import { env } from '../../server/env.ts';", refusedBy: ZONES },
  { file: 'src/core/billing/probe.ts', code: "import { addDays } from '../dates/iso-date.ts';", refusedBy: null },
];

const startedIn = process.cwd();
afterAll(() => process.chdir(startedIn));

describe.each(['.', 'src/server', 'src/web/ui'])('the lint run from %s', (folder) => {
  it('refuses what crosses a layer and lets the rest through', { timeout: 120_000 }, async () => {
    process.chdir(resolve(ROOT, folder));
    const eslint = new ESLint({ cwd: resolve(ROOT, folder) });
    for (const probe of PROBES) {
      const [result] = await eslint.lintText(`${probe.code}\n`, { filePath: resolve(ROOT, probe.file) });
      const refusals = result!.messages.filter((m) => [ZONES, PACKAGES, UNRESOLVED].includes(m.ruleId!)).map((m) => m.ruleId);
      expect({ ...probe, refusals }).toEqual({ ...probe, refusals: probe.refusedBy ? [probe.refusedBy] : [] });
    }
  });
});
