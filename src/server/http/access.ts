import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who may call a route (docs/decisions/109): every route declares it in its own options, and the
 * session hook reads it from the route that matched, never from the request's address (Fastify
 * decodes the path before it picks the route, so `/%61pi/bills` runs `/api/bills`).
 */
export const ACCESS = ['public', 'user', 'admin', 'super_admin'] as const;
export type TAccess = (typeof ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: anyone, any signed-in user, or at least this data role. Required. */
    access?: TAccess;
    /** Needs a browser session: refused to API tokens (token management, password, sign-in flows; docs/decisions/092). */
    sessionOnly?: boolean;
    /** Sign-in steps: no CSRF token can exist before a session does (a cross-site origin is still refused). */
    beforeSession?: boolean;
    /** Still answers during a restore (the maintenance page's own questions). */
    duringMaintenance?: boolean;
    /** Still answers while the app starts (/api/health, saying 'starting'; docs/decisions/112). */
    duringStart?: boolean;
    /** The built web app's files and pages: no session is read, the files' own caching applies. */
    web?: boolean;
  }
}

// The access a plugin's routes get when the plugin cannot pass route options (static files, API docs).
const PLUGIN_ACCESS = Symbol('casebook.pluginAccess');
type Scoped = FastifyInstance & { [PLUGIN_ACCESS]?: { access: TAccess; web?: boolean } };

/** Refuses, at start, any route registered without a declaration: a forgotten one would otherwise be open or shut by accident. */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', function declare(this: Scoped, route: RouteOptions) {
    const inherited = this[PLUGIN_ACCESS];
    if (inherited && !route.config?.access) route.config = { ...route.config, ...inherited };
    const access = route.config?.access;
    if (!access || !ACCESS.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access: ${ACCESS.join(', ')}).`);
    }
  });
}

/** Registers a third-party plugin whose routes all share one declared access. */
export async function registerWithAccess(
  app: FastifyInstance, declared: { access: TAccess; web?: boolean }, register: (scope: FastifyInstance) => PromiseLike<unknown>,
) {
  await app.register(async (scope) => {
    (scope as Scoped)[PLUGIN_ACCESS] = declared;
    await register(scope);
  });
}
