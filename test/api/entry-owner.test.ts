import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enteredByMessage } from '../../src/core/time/time-rows.ts';
import { createUser } from '../../src/server/features/users/service.ts';
import { createTestApp, TEST_PASSWORD, type Agent, type TestApp } from '../helpers/test-app.ts';
import { expenseBody, newId, timeBody, trackedProject, type TrackedProjectFixture } from '../helpers/time-tracking-fixtures.ts';

// Names people use (issue 28): another person's entry says who entered it, on the screen and in the
// server's refusal; a new entry sent without initials takes the saver's own.

let t: TestApp;
let admin: Agent;
let luis: Agent;
let james: Agent;
let p: TrackedProjectFixture;
const ENTERED_BY_LUIS = 'Entered by Luis Mendoza: only an administrator can change it';

beforeAll(async () => {
  t = await createTestApp();
  const person = async (first: string, last: string, role: 'admin' | 'limited_user') => {
    const email = `${first.toLowerCase()}.${Date.now()}@firm.test`;
    const user = await createUser(t.database.db, { email, password: TEST_PASSWORD, firstName: first, lastName: last, role });
    return { id: user.id, agent: await t.signIn(email) };
  };
  const denise = await person('Denise', 'Park', 'admin');
  [admin, luis, james] = [denise.agent, (await person('Luis', 'Mendoza', 'limited_user')).agent, (await person('James', 'Whitaker', 'limited_user')).agent];
  p = await trackedProject(t.database.db, denise.id);
});
afterAll(async () => t?.close());

const put = (agent: Agent, kind: 'time-entries' | 'expense-entries', id: string, payload: object) =>
  agent.request({ method: 'PUT', url: `/api/${kind}/${id}`, payload });

describe("a limited user and another person's entry", () => {
  it('the sentence is the one the row shows', () => expect(enteredByMessage('Luis Mendoza')).toBe(ENTERED_BY_LUIS));

  it.each([
    ['time-entries', timeBody] as const,
    ['expense-entries', expenseBody] as const,
  ])('%s: an edit and a delete are refused with who entered it', async (kind, body) => {
    const id = newId();
    expect((await put(luis, kind, id, body(p.projectId))).statusCode).toBe(200);
    const edit = await put(james, kind, id, body(p.projectId, { description: 'Mine now', version: 1 }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ error: { code: 'PERMISSION_DENIED', message: ENTERED_BY_LUIS, details: { enteredBy: 'Luis Mendoza' } } });
    const remove = await james.request({ method: 'DELETE', url: `/api/${kind}/${id}` });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe(ENTERED_BY_LUIS);
    // An administrator may change it; so may Luis.
    expect((await put(admin, kind, id, body(p.projectId, { description: 'Checked', version: 1 }))).statusCode).toBe(200);
    expect((await put(luis, kind, id, body(p.projectId, { description: 'Mine', version: 2 }))).statusCode).toBe(200);
  });

  it("the project's entries name who entered them", async () => {
    const res = await james.request({ method: 'GET', url: `/api/time-tracking/projects/${p.projectId}` });
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json().enteredBy)).toContain('Luis Mendoza');
  });
});

describe('initials of a new entry (issue 28)', () => {
  it.each([
    ['time-entries', timeBody] as const,
    ['expense-entries', expenseBody] as const,
  ])("%s: sent without initials it takes the saver's; sent with, it keeps them", async (kind, body) => {
    const blank = await put(admin, kind, newId(), body(p.projectId, { initials: '' }));
    expect(blank.json().entry.initials).toBe('DP');
    const typed = await put(admin, kind, newId(), body(p.projectId, { initials: 'LM' }));
    expect(typed.json().entry.initials).toBe('LM');
  });
});
