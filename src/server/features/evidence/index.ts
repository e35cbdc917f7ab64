// The evidence feature as the app sees it (issue 42): its routes.
export { evidenceRoutes } from './routes.ts';
