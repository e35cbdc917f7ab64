import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_PREFIX } from '../../core/accounts/api-tokens.ts';
import { registerWithAccess } from './access.ts';
import { SESSION_COOKIE } from './session.ts';

/** Where the API description is read: the UI here, the OpenAPI JSON at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI description of every route, generated from the routes' zod schemas (never written by
 * hand; a route without schemas is still listed), and the Swagger UI that reads it (docs/decisions/187).
 * Registered before the features so that it sees each route as it is added.
 */
export async function registerApiDocs(app: FastifyInstance, info: { title: string; version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...info,
        description: `Every route of the web app. Tools send a personal API token (Settings → API tokens) as `
          + `\`Authorization: Bearer ${API_TOKEN_PREFIX}…\`; a token acts as its user, with the user's role, and a read token only reads.`,
      },
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: `${API_TOKEN_PREFIX}…`, description: 'A personal API token' },
          browserSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The web app\'s session (and its X-CSRF-Token header on writes)' },
        },
      },
      security: [{ apiToken: [] }, { browserSession: [] }],
    },
    transform: (document) => {
      const described = jsonSchemaTransform(document);
      const schema = (described.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return described;
      // Grouped by the path's first part (/api/time-entries/… → time-entries); open routes need no credentials.
      const tag = document.url.split('/')[2] ?? 'api';
      const open = document.route.config?.access === 'public' ? { security: [] } : {};
      return { ...described, schema: { ...schema, tags: [tag], ...open } };
    },
  });
  // Its pages and the JSON are for signed-in people and tokens (the plugin takes no route options).
  await registerWithAccess(app, { access: 'user' }, (scope) => scope.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false },
    // The app's own security headers (security-headers.ts) apply to these pages too.
    staticCSP: false,
  }));
}
