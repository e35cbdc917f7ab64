import type { Agent } from './test-app.ts';

/** Connect as the browser would: Connect, follow the provider's redirect, post the code and state back. */
export async function connectCalendar(agent: Agent): Promise<{ status: number; body: Record<string, unknown> }> {
  const start = await agent.request({ method: 'POST', url: '/api/calendar/connect', payload: {} });
  if (start.statusCode !== 200) throw new Error(`connect: ${start.statusCode} ${start.body}`);
  const redirect = await fetch(start.json().url, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  const res = await agent.request({
    method: 'POST', url: '/api/calendar/oauth/callback',
    payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Waits until check() holds (polling every 25 ms). */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
