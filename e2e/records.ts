import type { Page } from '@playwright/test';

/**
 * A demo project open for field work, for a test that needs any one. The first case of the list
 * is not one: a test running beside it may just have created a case with no project yet.
 */
export async function aProjectId(page: Page): Promise<string> {
  const { projects } = await (await page.request.get('/api/field-reports/offline-projects')).json() as { projects: { id: string }[] };
  return projects[0]!.id;
}
