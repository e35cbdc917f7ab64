// The real process, as built (`node dist/server/main.mjs`, what `npm start` runs), for tests and benchmarks
// that start, signal and restart it (test/global-setup.ts, e2e/global-setup.ts and bench/shutdown.ts build it first).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { builtServer, BRIEF_PROCESS } from '../../src/server/runtime.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();

/** Node's arguments that run a module of src/server as built, in a process a test starts: compiled once, never optimised (docs/decisions/214, 216). */
export const builtArgs = (source: string) => [...BRIEF_PROCESS, builtServer(source)];

/**
 * The ceiling of a test that starts servers or commands one after another (a demo's migrations and seed, a restart):
 * 15 s alone, but up to 150 s beside the browser stage on a slow hour, when each process gets a small share of the two
 * cores. It catches a hang, not a speed (docs/decisions/208).
 */
export const PROCESS_CEILING = 300_000;

export interface ServerProcess {
  child: ChildProcess;
  /** The base URL, once the banner says it is running; rejects if the process exits first. */
  ready: Promise<string>;
  exited: Promise<number | NodeJS.Signals | null>;
  output: () => string;
}

/** Starts the app on a free port of 127.0.0.1 with `env` over this process's environment. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, builtArgs('main.ts'), {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // The exit code, or the signal that ended the process (a crash names itself: SIGABRT, SIGSEGV).
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.on('exit', (code, signal) => {
    running.delete(child);
    resolve(code ?? signal);
  }));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early:\n${out}`));
    });
  });
  ready.catch(() => undefined); // awaited only by callers that expect a start
  return { child, ready, exited, output: () => out };
}

/** Kills whatever is still running (a failed test's leftovers). */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}
