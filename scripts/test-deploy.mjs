// The README's commands, run as written on fresh clones of this commit (issue 37, docs/decisions/113).
//
//   node scripts/test-deploy.mjs            (CI runs it after `npm test`)
//
// It reads the shell blocks the README marks with `<!-- scripts/test-deploy.mjs runs … -->` and types
// their commands into a shell, one at a time, as a person following the README would:
// - Production, on a new database of the PostgreSQL server of DEPLOY_DATABASE_URL (default
//   postgres://postgres@127.0.0.1:5432/postgres; created and dropped here): the settings block with
//   the two addresses a reader replaces (DATABASE_URL, PUBLIC_URL), then the install, build,
//   user:create (its password typed at the prompt) and start block as it is. Then it signs in over
//   HTTP, reads a page, its script and /api/health; in a second shell (with the settings loaded as the
//   README says) `npm run backup`, a change through the API, `npm run restore -- FILE` with the file
//   the backup printed, and checks the change is gone and everyone signs in again; then SIGTERM.
// - Demo, on a second clone: `npm install && npm start`, the demo sign-ins in its banner, the login
//   page, a demo sign-in, the lockfile unchanged by the install; then SIGTERM.
// The two run side by side. The shells get a clean environment (PATH, HOME, proxies, npm's cache and
// registry) plus PORT (a free one) and, for production, HOST=127.0.0.1 so the test server stays off
// the network. The clones go to DEPLOY_TEST_DIR, else /dev/shm when it has room, else the temporary
// folder; they and the database are removed at the end (KEEP_DEPLOY_TEST=1 keeps the clones).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const STARTED = Date.now();
const ADMIN_URL = process.env.DEPLOY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What a reader of the README replaces with their own. */
const README_DATABASE_URL = 'postgres://casebook@db.internal/casebook';
const README_PUBLIC_URL = 'https://casebook.firm.com';
const README_EMAIL = 'you@firm.com';
const DEMO_EMAIL = 'margaret.hale@casebook.test';
const DEMO_PASSWORD = 'casebook-demo';
const MINUTE = 60_000;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Every line of the log starts with the time since the start. */
const log = (line) => console.log(`${seconds(Date.now() - STARTED).padStart(8)}  ${line}`);
const timings = [];
const shells = new Set();

function fail(message) {
  throw new Error(message);
}

// ── The README's blocks ─────────────────────────────────────────────────────────────────────────

/** Every ```sh block right after a `<!-- scripts/test-deploy.mjs … -->` line of the commit's README, as its commands. */
function readmeBlocks(commit) {
  const lines = execFileSync('git', ['-C', ROOT, 'show', `${commit}:README.md`], { encoding: 'utf8' }).split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('<!-- scripts/test-deploy.mjs')) continue;
    if (lines[i + 1] !== '```sh') fail(`README.md line ${i + 2}: a \`\`\`sh block must follow the test-deploy mark`);
    const body = [];
    for (i += 2; lines[i] !== '```'; i++) {
      if (i >= lines.length) fail('README.md: a test-deploy block is not closed');
      body.push(lines[i]);
    }
    blocks.push(commandsOf(body));
  }
  const find = (what, test) => {
    const found = blocks.filter((commands) => commands.some(test));
    if (found.length !== 1) fail(`README.md: expected one marked block with ${what}, found ${found.length}`);
    return found[0];
  };
  return {
    demo: find('npm start', (c) => c.startsWith('npm install && npm start')),
    settings: find('the settings file', (c) => c.includes('> casebook.env')),
    production: find('npm run user:create', (c) => c.startsWith('npm run user:create')),
    backup: find('npm run backup', (c) => c.startsWith('npm run backup')),
  };
}

/** A block's commands: continued lines joined, blank and comment-only lines left out. */
function commandsOf(lines) {
  const commands = [];
  let current = '';
  for (const line of lines) {
    current += (current ? '\n' : '') + line;
    if (line.endsWith('\\')) continue;
    if (current.trim() && !current.trim().startsWith('#')) commands.push(current);
    current = '';
  }
  return commands;
}

/** `text` with each placeholder replaced; a placeholder the README no longer holds stops the test. */
function replaced(text, replacements) {
  let out = text;
  for (const [from, to] of Object.entries(replacements)) {
    if (!out.includes(from)) fail(`README.md: the block no longer holds ${from}; update scripts/test-deploy.mjs with it`);
    out = out.split(from).join(to);
  }
  return out;
}

// ── Shells ──────────────────────────────────────────────────────────────────────────────────────

/** The environment a person's fresh login shell would have, without anything of this process's. */
function cleanEnv(extra) {
  const keep = /^(PATH|HOME|USER|LOGNAME|LANG|LC_ALL|TMPDIR|https?_proxy|no_proxy|HTTPS?_PROXY|NO_PROXY|npm_config_(cache|registry|userconfig))$/;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => keep.test(k))), ...extra };
}

/** A bash reading commands from us, as a terminal would; each command's end is marked with its exit code. */
class Shell {
  constructor(label, cwd, env) {
    this.label = label;
    this.output = '';
    this.steps = 0;
    this.child = spawn('bash', ['--noprofile', '--norc'], { cwd, env, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
    shells.add(this);
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => {
      shells.delete(this);
      resolve(code ?? signal);
    }));
    let pending = '';
    this.child.stdout.on('data', (chunk) => {
      this.output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) if (!/^__step_\d+__:/.test(line)) log(`[${label}] ${line.slice(0, 300)}`);
    });
    this.child.stdin.write('exec 2>&1\n');
  }

  /**
   * Types `command`; resolves with its exit code and output. The whole command and its end mark are
   * one line to bash, so nothing is left waiting on standard input for the command to read by mistake.
   * `answer` is typed when the output matches `prompt`.
   */
  run(command, { timeoutMs = 5 * MINUTE, prompt, answer } = {}) {
    // timeoutMs null: a command that keeps running (the app), ended by the caller.
    const mark = `__step_${++this.steps}__`;
    const from = this.output.length;
    const started = Date.now();
    log(`[${this.label}] $ ${command}`);
    this.child.stdin.write(`{ ${command}\n} ; printf '\\n${mark}:%s\\n' "$?"\n`);
    let answered = false;
    const done = new Promise((resolve, reject) => {
      const timer = timeoutMs === null ? undefined
        : setTimeout(() => reject(new Error(`[${this.label}] no end after ${seconds(timeoutMs)}: ${command}`)), timeoutMs);
      const look = () => {
        const out = this.output.slice(from);
        if (prompt && !answered && prompt.test(out)) {
          answered = true;
          this.child.stdin.write(`${answer}\n`);
        }
        const end = new RegExp(`${mark}:(\\d+)`).exec(out);
        if (end) {
          clearTimeout(timer);
          this.child.stdout.off('data', look);
          if (timeoutMs !== null) timings.push([`${this.label}: ${command.split('\n')[0].replace(/\s+#.*$/, '')}`, Date.now() - started]);
          resolve({ code: Number(end[1]), output: out.slice(0, end.index) });
        }
      };
      this.child.stdout.on('data', look);
      this.exited.then(() => reject(new Error(`[${this.label}] the shell ended during: ${command}`)));
    });
    done.catch(() => undefined);
    return { done, started, from };
  }

  /** Runs `command` and requires exit code 0. */
  async expect0(command, options) {
    const { code, output } = await this.run(command, options).done;
    if (code !== 0) fail(`[${this.label}] exit code ${code}: ${command}`);
    return output;
  }

  /** Resolves with the first match of `pattern` in the output from `from` on. */
  waitFor(pattern, from, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.stdout.off('data', look);
        reject(new Error(`[${this.label}] ${pattern} did not appear within ${seconds(timeoutMs)}`));
      }, timeoutMs);
      const look = () => {
        const match = pattern.exec(this.output.slice(from));
        if (!match) return;
        clearTimeout(timer);
        this.child.stdout.off('data', look);
        resolve(match);
      };
      this.child.stdout.on('data', look);
      look();
    });
  }

  /** The pid of the app this shell started (`node dist/server/main.mjs`), found among its descendants. */
  appPid() {
    const children = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        children.set(Number(entry), ppid);
      } catch {
        // The process ended meanwhile.
      }
    }
    const descendants = [];
    const visit = (pid) => {
      for (const [child, parent] of children) {
        if (parent !== pid) continue;
        descendants.push(child);
        visit(child);
      }
    };
    visit(this.child.pid);
    const app = descendants.find((pid) => {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return path.basename(argv[0]).startsWith('node') && argv.includes('dist/server/main.mjs');
    });
    return app ?? fail(`[${this.label}] the app's process was not found`);
  }

  close() {
    this.child.stdin.end();
    return this.exited;
  }

  /** Ends this shell and everything it started (its own process group). */
  kill() {
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────

/** A browser in miniature: keeps its cookies and sends the CSRF header on writes. */
class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }

  async request(method, url, body) {
    const headers = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.cookies.has('csrf-token')) headers['x-csrf-token'] = this.cookies.get('csrf-token');
    const res = await fetch(this.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined;
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
  }

  async expect(status, method, url, body) {
    const res = await this.request(method, url, body);
    if (res.status !== status) fail(`${method} ${url}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
    return res;
  }

  async signIn(email, password) {
    const { json } = await this.expect(200, 'POST', '/api/auth/login', { email, password });
    return json.user;
  }

  /** The page, and the script it loads: the built web app is served. */
  async expectPage(url) {
    const page = await this.expect(200, 'GET', url);
    if (!page.type.startsWith('text/html') || !page.text.includes('<div id="root"')) fail(`GET ${url}: not the web app's page`);
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1] ?? fail(`GET ${url}: no script in the page`);
    const js = await this.expect(200, 'GET', script);
    if (!js.type.includes('javascript')) fail(`GET ${script}: ${js.type}`);
  }
}

async function retry(what, timeoutMs, attempt) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) fail(`${what}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Where the clones go: DEPLOY_TEST_DIR, else memory (/dev/shm, when it may hold programs and has room
 * for two installs), else the temporary folder. Two fresh installs write and later delete ~120,000
 * files; on a busy disk that alone took minutes, which says nothing about the README.
 */
function workRoot() {
  if (process.env.DEPLOY_TEST_DIR) return process.env.DEPLOY_TEST_DIR;
  try {
    const shm = readFileSync('/proc/mounts', 'utf8').split('\n').map((line) => line.split(' ')).find((f) => f[1] === '/dev/shm');
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (shm && !shm[3].split(',').includes('noexec') && bavail * bsize > 4 * 2 ** 30) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

const freePort = () => new Promise((resolve, reject) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
  server.on('error', reject);
});

// ── The two runs ────────────────────────────────────────────────────────────────────────────────

function clone(commit, dir) {
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, dir]);
  execFileSync('git', ['-C', dir, 'checkout', '--quiet', commit]);
}

async function production(blocks, { commit, workDir, databaseUrl }) {
  const dir = path.join(workDir, 'production');
  let started = Date.now();
  clone(commit, dir);
  timings.push(['production: git clone', Date.now() - started]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const password = `deploy-${randomBytes(12).toString('base64url')}`;
  const shell = new Shell('production', dir, cleanEnv({ PORT: String(port), HOST: '127.0.0.1' }));

  for (const command of blocks.settings) {
    await shell.expect0(replaced(command, { [README_DATABASE_URL]: databaseUrl, [README_PUBLIC_URL]: base }));
  }
  const steps = [...blocks.production];
  const start = steps.pop(); // the last command starts the app and keeps running
  for (const command of steps) {
    const isCreate = command.startsWith('npm run user:create');
    if (isCreate && !command.includes(`--email ${README_EMAIL}`)) fail(`README.md: user:create no longer makes ${README_EMAIL}`);
    await shell.expect0(command, { timeoutMs: 8 * MINUTE, ...(isCreate ? { prompt: /Password \(/, answer: password } : {}) });
  }
  started = Date.now();
  const app = shell.run(start, { timeoutMs: null });
  const url = await Promise.race([
    shell.waitFor(/is running at (http:\/\/\S+)/, app.from, 3 * MINUTE),
    app.done.then(({ code }) => fail(`[production] the app stopped with exit code ${code}`)),
  ]);
  timings.push(['production: start (to the banner)', Date.now() - started]);
  if (url[1] !== `http://127.0.0.1:${port}`) fail(`[production] the banner says ${url[1]}`);

  started = Date.now();
  const browser = new Client(base);
  const health = await browser.expect(200, 'GET', '/api/health');
  if (health.json.status !== 'ok' || health.json.database !== 'postgres') fail(`/api/health: ${health.text}`);
  await browser.expectPage('/');
  await browser.expectPage('/login');
  const user = await browser.signIn(README_EMAIL, password);
  if (user.role !== 'super_admin' || user.mustChangePassword) fail(`signed in as ${JSON.stringify(user)}`);
  const session = await browser.expect(200, 'GET', '/api/auth/session');
  if (session.json.user.email !== README_EMAIL) fail(`session: ${session.text}`);
  timings.push(['production: health, pages, sign-in', Date.now() - started]);

  // A second terminal, with the settings loaded as the README says (the production block's first command).
  const loader = blocks.production.find((c) => c.includes('casebook.env')) ?? fail('README.md: no command loads casebook.env');
  const second = new Shell('production 2', dir, cleanEnv({ PORT: String(port), HOST: '127.0.0.1' }));
  await second.expect0(loader);
  const [backupCommand, restoreCommand] = blocks.backup;
  const backupOutput = await second.expect0(backupCommand, { timeoutMs: 3 * MINUTE });
  const file = /^(\/\S+\.backup)\s/m.exec(backupOutput)?.[1] ?? fail('npm run backup printed no file');
  const made = await browser.expect(201, 'POST', '/api/clients', { isBusinessClient: true, name: 'Made after the backup' });
  const client = `/api/clients/${made.json.id}`;
  await browser.expect(200, 'GET', client);
  await second.expect0(replaced(restoreCommand, { FILE: file }), { timeoutMs: 3 * MINUTE });
  await second.close();
  started = Date.now();
  // Every session ended with the restore; the data is the backup's.
  await retry('signed out by the restore', 30_000, async () => browser.expect(401, 'GET', '/api/auth/session'));
  await retry('signing in after the restore', 30_000, () => browser.signIn(README_EMAIL, password));
  await browser.expect(404, 'GET', client); // made after the backup: gone
  await browser.expect(200, 'GET', '/api/health');
  timings.push(['production: after the restore', Date.now() - started]);

  started = Date.now();
  process.kill(shell.appPid(), 'SIGTERM');
  const { code } = await app.done;
  if (code !== 0) fail(`[production] the app exited with code ${code} on SIGTERM`);
  timings.push(['production: SIGTERM to exit', Date.now() - started]);
  await shell.close();
}

async function demo(blocks, { commit, workDir }) {
  const dir = path.join(workDir, 'demo');
  let started = Date.now();
  clone(commit, dir);
  timings.push(['demo: git clone', Date.now() - started]);
  const port = await freePort();
  const shell = new Shell('demo', dir, cleanEnv({ PORT: String(port) }));
  started = Date.now();
  const app = shell.run(blocks.demo[0], { timeoutMs: null });
  const url = await Promise.race([
    shell.waitFor(/is running at (http:\/\/\S+)/, app.from, 10 * MINUTE),
    app.done.then(({ code }) => fail(`[demo] npm start stopped with exit code ${code}`)),
  ]);
  timings.push(['demo: npm install && npm start (to the banner)', Date.now() - started]);
  // The banner's end: the demo sign-ins.
  await shell.waitFor(new RegExp(`DEMO MODE[\\s\\S]*Demo data was created\\. Sign in with:[\\s\\S]*${DEMO_EMAIL.replace(/\./g, '\\.')}`), app.from, 30_000);
  if (url[1] !== `http://127.0.0.1:${port}`) fail(`[demo] the banner says ${url[1]}`);
  const lockfile = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--', 'package.json', 'package-lock.json'], { encoding: 'utf8' });
  if (lockfile.trim()) fail(`[demo] npm install changed the lockfile:\n${lockfile}`);

  started = Date.now();
  const browser = new Client(url[1]);
  await browser.expectPage('/login');
  const config = await browser.expect(200, 'GET', '/api/config');
  if (config.json.demo !== true) fail('[demo] the login page does not offer the test account');
  const user = await browser.signIn(DEMO_EMAIL, DEMO_PASSWORD);
  if (user.role !== 'super_admin') fail(`[demo] signed in as ${JSON.stringify(user)}`);
  timings.push(['demo: login page, sign-in', Date.now() - started]);

  started = Date.now();
  process.kill(shell.appPid(), 'SIGTERM');
  const { code } = await app.done;
  if (code !== 0) fail(`[demo] npm start exited with code ${code} on SIGTERM`);
  timings.push(['demo: SIGTERM to exit', Date.now() - started]);
  await shell.close();
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const blocks = readmeBlocks(commit);
  if (execFileSync('git', ['-C', ROOT, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim()) {
    console.warn(`test-deploy: uncommitted changes are not tested: the clones are of ${commit.slice(0, 12)}`);
  }
  const workDir = mkdtempSync(path.join(workRoot(), 'casebook-deploy-'));
  const database = `casebook_deploy_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();
  log(`test-deploy: commit ${commit.slice(0, 12)}, clones in ${workDir}, database ${database}`);
  let failed = false;
  try {
    const results = await Promise.allSettled([production(blocks, { commit, workDir, databaseUrl }), demo(blocks, { commit, workDir })]);
    const errors = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
    if (errors.length) {
      failed = true;
      for (const error of errors) console.error(`test-deploy FAILED: ${error.message}`);
    }
  } finally {
    log('test-deploy: cleaning up');
    for (const shell of shells) shell.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => console.error(`could not drop ${database}: ${e.message}`));
    await admin.end();
    if (process.env.KEEP_DEPLOY_TEST) console.log(`test-deploy: the clones are kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
    log('test-deploy: cleaned up');
  }
  console.log('\ntest-deploy timings:');
  for (const [step, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${step}`);
  console.log(`  ${seconds(Date.now() - STARTED).padStart(8)}  in all (production and demo side by side)`);
  if (failed) process.exit(1);
  console.log('test-deploy: the README\'s commands work as written.');
}

main().catch((error) => {
  for (const shell of shells) shell.kill();
  console.error(`test-deploy FAILED: ${error.message}`);
  process.exit(1);
});
