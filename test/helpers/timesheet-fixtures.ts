import type { Agent } from './test-app.ts';
import { newId, timeBody } from './time-tracking-fixtures.ts';

/** Saves a time entry through the API (the grid's cell save); fails the test on anything but 200. */
export async function enter(agent: Agent, projectId: string, over: Record<string, unknown> = {}) {
  const id = newId();
  const res = await agent.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(projectId, over) });
  if (res.statusCode !== 200) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
  return { id, ...res.json().entry } as { id: string; version: number; week?: { status: string; lockMessage: string | null } };
}

/** POST /api/timesheet/weeks/<action>. */
export const weekAction = (agent: Agent, action: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url: `/api/timesheet/weeks/${action}`, payload });
