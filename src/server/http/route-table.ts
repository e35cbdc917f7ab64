import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Keeps the list of the app's routes as they are added (the input probe walks every one of them). */
export function recordRoutes(app: FastifyInstance) {
  const routes: RouteInfo[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
}

export const routesOf = (app: FastifyInstance): readonly RouteInfo[] => tables.get(app) ?? [];
