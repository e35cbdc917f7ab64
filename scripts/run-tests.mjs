#!/usr/bin/env node
// `npm test`: every check and suite, each stage started as soon as what it needs has passed, each
// stage's time printed as it ends and a table of them at the end (issue 43, docs/decisions/119, 215).
//
//   setup, then at once:  the build (the server's and the web app's), Vitest (unit, API on PGlite, API on
//                         PostgreSQL when TEST_DATABASE_URL is set: vitest.config.ts), typecheck and lint;
//   once the build is in: the first-load budget on that build beside Playwright's four workers.
// The machine is busy from the first second to the last: a stage's idle moments (a browser test waiting on a
// debounce, the last Vitest file alone on a core) are another stage's work.
// Soak and load tests are not here: `npm run test:soak` (.ci/run runs it after this).
// A failed stage starts nothing that needs it, and nothing new after it; what runs ends, then the table and exit code 1.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// api and api-pg run their files one after another in a process per worker; their -isolated twins
// hold the files that mock a module, a process each (vitest.config.ts, docs/decisions/125).
const vitestProjects = ['unit', 'api', 'api-isolated', ...(process.env.TEST_DATABASE_URL ? ['api-pg', 'api-pg-isolated'] : [])];
// Playwright's workers take E2E_PORT + 2n and the port after (e2e/test.ts); the budget's server stays clear of them.
const budgetPort = Number(process.env.BUDGET_PORT ?? Number(process.env.E2E_PORT ?? 3217) + 100);

/**
 * `after`: the stages that must pass first. `quiet`: output held and printed when the stage ends (else each whole line
 * as it comes, so two suites' lines never mix mid-line).
 */
const STAGES = [
  // poppler (the PDF checks) and Chromium (the browser tests): installed when missing, one apt at a time.
  { name: 'setup', cmd: ['sh', '-c', 'node scripts/ensure-poppler.mjs && node scripts/ensure-chromium.mjs'] },
  { name: 'build', after: ['setup'], cmd: [npm, 'run', '--silent', 'build', '--', '--logLevel', 'warn'], quiet: true },
  { name: `vitest (${vitestProjects.join(', ')})`, after: ['setup'], cmd: ['npx', 'vitest', 'run', ...vitestProjects.flatMap((p) => ['--project', p])] },
  { name: 'typecheck', after: ['setup'], cmd: [npm, 'run', '--silent', 'typecheck'], quiet: true },
  { name: 'lint', after: ['setup'], cmd: [npm, 'run', '--silent', 'lint'], quiet: true },
  // On that build (never a second one), on a port of its own beside Playwright's workers'.
  { name: 'first-load budget', after: ['build'], cmd: [npm, 'run', '--silent', 'test:bundle'], quiet: true, env: { BUDGET_PORT: String(budgetPort) } },
  { name: 'playwright', after: ['build'], cmd: ['npx', 'playwright', 'test'] },
];

const fmt = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Writes `stream`'s output to `out` a whole line at a time. */
function forwardLines(stream, out) {
  let rest = '';
  stream.on('data', (d) => {
    const text = rest + d;
    const cut = text.lastIndexOf('\n') + 1;
    if (cut) out.write(text.slice(0, cut));
    rest = text.slice(cut);
  });
  stream.on('close', () => rest && out.write(`${rest}\n`));
}

function run(stage) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${stage.name}: ${stage.cmd.join(' ')}`);
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stage.env } });
    let out = '';
    if (stage.quiet) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    } else {
      forwardLines(child.stdout, process.stdout);
      forwardLines(child.stderr, process.stderr);
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
/** Each ended stage's result, by name; the stages running now. */
const results = new Map();
const running = new Set();
let failed = false;

/** Starts every stage whose stages `after` have all passed, unless one has failed; the table once all have ended. */
function startReady() {
  if (!failed) {
    for (const stage of STAGES) {
      if (results.has(stage.name) || running.has(stage.name) || !(stage.after ?? []).every((name) => results.get(name)?.ok)) continue;
      running.add(stage.name);
      void run(stage).then((result) => {
        running.delete(stage.name);
        results.set(stage.name, result);
        if (!result.ok) failed = true;
        startReady();
      });
    }
  }
  if (running.size === 0) finish();
}

function finish() {
  const width = Math.max(...STAGES.map((s) => s.name.length), 'total'.length);
  console.log(`\nStage${' '.repeat(width - 5)}  Time   Result`);
  for (const { name } of STAGES) {
    const r = results.get(name);
    console.log(`${name.padEnd(width)}  ${(r ? fmt(r.ms) : '').padStart(5)}  ${r ? (r.ok ? 'passed' : 'FAILED') : 'not run'}`);
  }
  console.log(`${'total'.padEnd(width)}  ${fmt(Date.now() - total).padStart(5)}  ${failed ? 'FAILED' : 'passed'} (stages run side by side: the total is the wall clock)`);
  process.exit(failed ? 1 : 0);
}

startReady();
