import type { Agent } from './test-app.ts';
import { expenseBody, newId, timeBody } from './time-tracking-fixtures.ts';

/** Saves a time entry through the API and returns its id and version. */
export async function logTime(agent: Agent, projectId: string, over: Record<string, unknown> = {}) {
  const id = newId();
  const res = await agent.request({ method: 'PUT', url: `/api/time-entries/${id}`, payload: timeBody(projectId, over) });
  if (res.statusCode !== 200) throw new Error(`time entry: ${res.statusCode} ${res.body}`);
  return { id, version: res.json().entry.version as number };
}

export async function logExpense(agent: Agent, projectId: string, over: Record<string, unknown> = {}) {
  const id = newId();
  const res = await agent.request({ method: 'PUT', url: `/api/expense-entries/${id}`, payload: expenseBody(projectId, over) });
  if (res.statusCode !== 200) throw new Error(`expense entry: ${res.statusCode} ${res.body}`);
  return { id, version: res.json().entry.version as number };
}

export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
