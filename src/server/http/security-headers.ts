import type { FastifyInstance } from 'fastify';
import { isSharePath } from './paths.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes at run time; no inline scripts are allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The installable app's service worker and manifest (docs/decisions/101).
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    // API answers are never cached, whatever a route set (read from the matched route); the web app's
    // files and pages set their own; anything else (a 404) is not kept either.
    const route = request.routeOptions.config;
    if ((route.access && !route.web) || !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    // A client's share link carries its secret in the address: never sent on as a referrer, never indexed (docs/decisions/105).
    if (isSharePath(request.url)) {
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    }
  });
}
