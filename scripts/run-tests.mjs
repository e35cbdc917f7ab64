#!/usr/bin/env node
// `npm test`: every check and suite, stages side by side where they do not need each other, each
// stage's time printed as it ends and a table of them at the end (issue 43, docs/decisions/119).
//
//   1. checks:  typecheck, lint and the build (the server's and the web app's) at once (each mostly one core);
//   2. vitest:  the unit, API (PGlite) and API (PostgreSQL, when TEST_DATABASE_URL is set) suites in
//               one Vitest run, two files at a time (vitest.config.ts);
//   3. browser: the first-load budget on that build beside Playwright's four workers.
// Soak and load tests are not here: `npm run test:soak` (.ci/run runs it after this).
// A failed stage ends the run after its group, with the table so far and exit code 1.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// api and api-pg run their files one after another in a process per worker; their -isolated twins
// hold the files that mock a module, a process each (vitest.config.ts, docs/decisions/125).
const vitestProjects = ['unit', 'api', 'api-isolated', ...(process.env.TEST_DATABASE_URL ? ['api-pg', 'api-pg-isolated'] : [])];
// Playwright's workers take E2E_PORT + 2n and the port after (e2e/test.ts); the budget's server stays clear of them.
const budgetPort = Number(process.env.BUDGET_PORT ?? Number(process.env.E2E_PORT ?? 3217) + 100);

/** Groups run one after another; the stages of a group run at once. `quiet` stages' output is held and printed when they end. */
const GROUPS = [
  [
    // poppler (the PDF checks) and Chromium (the browser tests): installed when missing, one apt at a time.
    { name: 'setup', cmd: ['sh', '-c', 'node scripts/ensure-poppler.mjs && node scripts/ensure-chromium.mjs'] },
  ],
  [
    { name: 'typecheck', cmd: [npm, 'run', '--silent', 'typecheck'], quiet: true },
    { name: 'lint', cmd: [npm, 'run', '--silent', 'lint'], quiet: true },
    { name: 'build', cmd: [npm, 'run', '--silent', 'build', '--', '--logLevel', 'warn'], quiet: true },
  ],
  [
    { name: `vitest (${vitestProjects.join(', ')})`, cmd: ['npx', 'vitest', 'run', ...vitestProjects.flatMap((p) => ['--project', p])] },
  ],
  [
    // On that build (never a second one), on a port of its own beside Playwright's workers'.
    { name: 'first-load budget', cmd: [npm, 'run', '--silent', 'test:bundle'], quiet: true, env: { BUDGET_PORT: String(budgetPort) } },
    { name: 'playwright', cmd: ['npx', 'playwright', 'test'] },
  ],
];

const fmt = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function run(stage) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${stage.name}: ${stage.cmd.join(' ')}`);
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      stdio: stage.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...stage.env },
    });
    let out = '';
    if (stage.quiet) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    let ended = false;
    const end = (code, signal) => {
      if (ended) return;
      ended = true;
      const ms = Date.now() - started;
      if (stage.quiet && out.trim()) console.log(`── ${stage.name} output ──\n${out.trimEnd()}`);
      const ok = code === 0;
      console.log(`${ok ? '✔' : '✘'} ${stage.name}: ${fmt(ms)}${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolve({ name: stage.name, ms, ok });
    };
    child.on('close', end);
    // A process the stage left behind (a server it failed to stop) would hold its output open and
    // 'close' would never come: the stage ends with its own process, its output read a moment more.
    child.on('exit', (code, signal) => setTimeout(() => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      end(code, signal);
    }, 5_000));
  });
}

const total = Date.now();
const results = [];
let failed = false;
for (const group of GROUPS) {
  const started = Date.now();
  const done = await Promise.all(group.map(run));
  results.push(...done.map((r) => ({ ...r, group: group.length > 1 ? Date.now() - started : undefined })));
  if (done.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}

const width = Math.max(...results.map((r) => r.name.length), 'total'.length);
console.log(`\nStage${' '.repeat(width - 5)}  Time   Result`);
for (const r of results) console.log(`${r.name.padEnd(width)}  ${fmt(r.ms).padStart(5)}  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`${'total'.padEnd(width)}  ${fmt(Date.now() - total).padStart(5)}  ${failed ? 'FAILED' : 'passed'} (stages side by side overlap: the total is the wall clock)`);
process.exit(failed ? 1 : 0);
