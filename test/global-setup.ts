import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './helpers/test-database.ts';

/** Migrates the template database the project's test files copy. */
export default async function setup(project: TestProject) {
  return prepareTemplate(project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');
}
