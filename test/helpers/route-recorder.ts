import type { FastifyInstance } from 'fastify';
import type { TAccess } from '../../src/server/http/access.ts';

// Every route the app adds, read from the app itself: a route added later is probed without anyone
// editing a list. A test file installs it with
//   vi.mock('fastify', async (real) => (await import('../helpers/route-recorder.ts')).recordingFastify(await real()));

export interface RecordedRoute {
  method: string;
  url: string;
  access: TAccess | undefined;
  sessionOnly: boolean;
}

export const recordedRoutes: RecordedRoute[] = [];

/** The fastify module whose every instance records its routes (HEAD ones are GET's twins). */
export function recordingFastify(real: typeof import('fastify')) {
  const recording = (...args: unknown[]) => {
    const app = (real.default as unknown as (...a: unknown[]) => FastifyInstance)(...args);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        // Read when asked: a plugin's routes get their declaration from a later hook (src/server/http/access.ts).
        recordedRoutes.push({
          method, url: route.url,
          get access() { return route.config?.access; },
          get sessionOnly() { return route.config?.sessionOnly === true; },
        });
      }
    });
    return app;
  };
  return { ...real, default: Object.assign(recording, real.default) };
}

/** The API routes recorded so far (the web app's files are not API). */
export const apiRoutes = () => recordedRoutes.filter((r) => r.url.startsWith('/api/'));
