// Issue 39: parties on a case and the conflict check, as the intake journey meets them through the API.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaseConflicts, TConflictCheck } from '../../src/core/api/conflicts.ts';
import { draftBill } from '../helpers/bill-fixtures.ts';
import { address, createCase, createClient, createProject, unique } from '../helpers/clients-fixtures.ts';
import { createTestApp, type Agent, type TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/uploads.ts';

let t: TestApp;
let denise: Agent;
let margaret: Agent;
let margaretId: string;
let limited: Agent;
let earlier: { id: string; fileNumber: string };
let other: { id: string; fileNumber: string };

const named = async (role: 'admin' | 'super_admin' | 'limited_user', name: string) => {
  const user = await t.user(role);
  const [first, last] = name.split(' ');
  await t.database.db.updateTable('users').set({ first_name: first!, last_name: last! }).where('id', '=', user.id).execute();
  await t.database.db.updateTable('profiles').set({ display_name: name }).where('id', '=', user.id).execute();
  return user;
};

beforeAll(async () => {
  t = await createTestApp();
  const d = await named('admin', 'Denise Park');
  const m = await named('super_admin', 'Margaret Hale');
  margaretId = m.id;
  [denise, margaret, limited] = [await t.signIn(d.email), await t.signIn(m.email), await t.signIn((await t.user('limited_user')).email)];
  // Last year's case: retained by the plaintiff, Liberty Mutual the carrier, the loss at 123 Main St.
  const harbor = await createClient(denise, { isBusinessClient: true, name: 'Harbor View Condominium Association' });
  const a = await createCase(denise, harbor.id, {
    caseName: 'Harbor View v. Acme Roofing', retainedSide: 'plaintiff', claimNumber: 'LM-2024-00713', dateOfLoss: '2025-03-02',
    parties: [{ role: 'insurer', name: 'Liberty Mutual Insurance Company' }, { role: 'defendant', name: 'Acme Roofing Inc' }],
  });
  await createProject(denise, a.id, { isPrimaryProject: true, address: address('123 Main St.') });
  earlier = a;
  const pine = await createClient(denise, { isBusinessClient: true, name: 'Pinecrest Builders' });
  other = await createCase(denise, pine.id, { caseName: 'Ocean Drive v. Pinecrest', retainedSide: 'defense',
    parties: [{ role: 'plaintiff', name: 'Ocean Drive Holdings LLC' }] });
});
afterAll(() => t.close());

const intake = (payload: object) => denise.request({ method: 'POST', url: '/api/conflict-checks', payload });
const conflicts = async (caseId: string) => (await denise.request({ method: 'GET', url: `/api/cases/${caseId}/conflict-checks` })).json() as TCaseConflicts;

describe('the intake journey', () => {
  let check: TConflictCheck;
  let caseId: string;

  it('finds the misspelled insurer, the punctuated claim number and the address written another way, with role and side', async () => {
    const res = await intake({
      clientName: 'Acme Roofing Co.', retainedSide: 'defense',
      parties: [{ role: 'insurer', name: 'Libety Mutual Ins. Co.' }],
      claimNumbers: ['lm 2024/00713'], lossAddresses: ['123 Main Street, Unit 3'],
    });
    expect(res.statusCode, res.body).toBe(201);
    check = res.json();
    const on = (field: string, role: string) => check.hits.find((h) => h.caseId === earlier.id && h.matchedField === field && h.role === role);
    expect(on('name', 'insurer')).toMatchObject({ partyName: 'Liberty Mutual Insurance Company', side: 'plaintiff', adverse: true,
      fileNumber: earlier.fileNumber, caseName: 'Harbor View v. Acme Roofing', caseStatus: 'Active', dateOfLoss: '2025-03-02',
      matchedText: 'Libety Mutual Ins. Co.' });
    // Acme was the defendant when the plaintiff retained us; now Acme retains us: it sat on the other side.
    expect(on('name', 'defendant')).toMatchObject({ partyName: 'Acme Roofing Inc', adverse: true });
    expect(on('name', 'client')).toBeUndefined();
    expect(on('claim_number', 'client')).toMatchObject({ matchedText: 'lm 2024/00713', partyName: 'Harbor View Condominium Association', adverse: true });
    expect(on('loss_address', 'client')).toMatchObject({ matchedText: '123 Main Street, Unit 3', adverse: true });
    expect(check.hits.some((h) => h.caseId === other.id)).toBe(false);
    expect(check).toMatchObject({ caseId: null, ranBy: 'Denise Park', seenBefore: 0, decision: null });
  });

  it('creates the case with its parties; the check becomes the case\'s, not cleared, and its bills wait', async () => {
    const client = await createClient(denise, { isBusinessClient: true, name: 'Acme Roofing Co.' });
    const kase = await createCase(denise, client.id, {
      caseName: 'Main St collapse', retainedSide: 'defense', claimNumber: 'lm 2024/00713', conflictCheckId: check.id,
      parties: [{ role: 'insurer', name: 'Libety Mutual Ins. Co.', claimNumber: 'LM-2024-00713' }],
    });
    caseId = kase.id;
    expect(kase).toMatchObject({ retainedSide: 'defense', claimNumber: 'lm 2024/00713', dateOfLoss: null });
    const parties = (await denise.request({ method: 'GET', url: `/api/cases/${caseId}/parties` })).json().parties;
    expect(parties).toMatchObject([{ role: 'insurer', name: 'Libety Mutual Ins. Co.', claimNumber: 'LM-2024-00713' }]);
    const state = await conflicts(caseId);
    expect(state.status).toBe('not_cleared');
    expect(state.checks.map((c) => c.id)).toEqual([check.id]);
  });

  it('refuses to clear without a reason, clears with one, once, and the audit log says it', async () => {
    const decide = (payload: object, id = check.id) => denise.request({ method: 'POST', url: `/api/conflict-checks/${id}/decision`, payload });
    const none = await decide({ decision: 'cleared' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details.map((d: { message: string }) => d.message)).toContain('A reason is required.');
    expect((await decide({ decision: 'cleared', reason: '  ' })).statusCode).toBe(400);
    expect((await decide({ decision: 'cleared_with_waiver', reason: 'Signed waiver' })).json().error.message)
      .toBe('Attach the signed waiver to clear with a waiver.');
    const ok = await decide({ decision: 'cleared', reason: 'Different policy year; the carrier consents.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().decision).toMatchObject({ decision: 'cleared', decidedBy: 'Denise Park', waiver: null });
    expect((await decide({ decision: 'declined', reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await conflicts(caseId)).status).toBe('cleared');
    const log = (await margaret.request({ method: 'GET', url: '/api/audit?table=conflict_decisions' })).json().entries;
    const kase = (await denise.request({ method: 'GET', url: `/api/cases/${caseId}` })).json();
    expect(log[0].text).toBe(`Denise Park cleared the conflict check of case ${kase.fileNumber} Main St collapse (reason: "Different policy year; the carrier consents.")`);
    await expect(sql`update conflict_decisions set reason = 'edited'`.execute(t.database.db)).rejects.toThrow(/cannot be changed/);
  });

  it('a new party runs the check again and shows only the new hit', async () => {
    const res = await denise.request({ method: 'POST', url: `/api/cases/${caseId}/parties`,
      payload: { role: 'opposing_counsel', name: 'Ocean Drive Holdings' } });
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json().check as TConflictCheck;
    expect(again.hits).toHaveLength(1);
    expect(again.hits[0]).toMatchObject({ caseId: other.id, partyName: 'Ocean Drive Holdings LLC', role: 'plaintiff', side: 'defense' });
    // Seen by the intake check: the insurer, Acme as defendant, the claim number (the new case has no project: no address).
    expect(again.seenBefore).toBe(3);
    expect((await conflicts(caseId)).status).toBe('not_cleared');
    // A role changed to the same side finds nothing new: the status stays what the last decision made it.
    const party = res.json().party;
    await denise.request({ method: 'POST', url: `/api/conflict-checks/${again.id}/decision`, payload: { decision: 'declined', reason: 'Opposing party is a past client.' } });
    const moved = await denise.request({ method: 'PUT', url: `/api/cases/${caseId}/parties/${party.id}`,
      payload: { ...party, role: 'opposing_law_firm' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().check.hits).toEqual([]);
    expect((await conflicts(caseId)).status).toBe('declined');
    const removed = await denise.request({ method: 'DELETE', url: `/api/cases/${caseId}/parties/${party.id}` });
    expect(removed.statusCode).toBe(204);
  });
});

describe('the names a check compares', () => {
  it('finds a party under its new name once renamed, and no longer under the old one', async () => {
    const kase = await createCase(denise, (await createClient(denise, { isBusinessClient: true, name: unique('Quillfeather Partners') })).id,
      { caseName: 'Renamed party', retainedSide: 'defense', parties: [{ role: 'adjuster', name: 'Ottoline Vexworth' }] });
    const { parties } = (await denise.request({ method: 'GET', url: `/api/cases/${kase.id}/parties` })).json();
    const found = async (name: string) => ((await intake({ retainedSide: 'defense', parties: [{ role: 'other', name }] })).json() as TConflictCheck)
      .hits.filter((h) => h.caseId === kase.id).map((h) => h.partyName);
    expect(await found('Ottoline Vexworth')).toEqual(['Ottoline Vexworth']);
    const renamed = await denise.request({ method: 'PUT', url: `/api/cases/${kase.id}/parties/${parties[0].id}`,
      payload: { version: parties[0].version, role: 'adjuster', name: 'Persimmon Quade' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('Persimon Quade')).toEqual(['Persimmon Quade']);
    expect(await found('Ottoline Vexworth')).toEqual([]);
  });
});

describe('bills wait for a cleared check', () => {
  it('answers 409 "Conflict check not cleared" until the case\'s check is cleared with a waiver', async () => {
    const { bill, p } = await draftBill(margaret, t.database.db, margaretId, { hours: [2] });
    await t.database.db.updateTable('cases').set({ conflict_check_required: true }).where('id', '=', p.caseId).execute();
    const issue = () => margaret.request({ method: 'POST', url: `/api/bills/${bill.id}/issue`, payload: { version: bill.version, issuedOn: '2026-06-01' } });
    const refused = await issue();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Conflict check not cleared');

    const run = await denise.request({ method: 'POST', url: `/api/cases/${p.caseId}/conflict-checks` });
    expect(run.statusCode, run.body).toBe(201);
    const bad = await denise.request({ method: 'POST', url: '/api/conflict-waivers', ...multipart([{ filename: 'w.txt', content: Buffer.from('hello') }]) });
    expect(bad.statusCode).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = await denise.request({ method: 'POST', url: '/api/conflict-waivers', ...multipart([{ filename: 'waiver.pdf', content: pdf }]) });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().sha256).toMatch(/^[0-9a-f]{64}$/);
    const cleared = await denise.request({ method: 'POST', url: `/api/conflict-checks/${run.json().id}/decision`,
      payload: { decision: 'cleared_with_waiver', reason: 'Both sides signed the waiver.', waiverId: up.json().id } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().decision.waiver).toMatchObject({ fileName: 'waiver.pdf', sha256: up.json().sha256 });
    const file = await denise.request({ method: 'GET', url: `/api/conflict-waivers/${up.json().id}` });
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await issue()).statusCode).toBe(200);
  });

  it('a case from before conflict checks (grandfathered) issues as it always did', async () => {
    const { bill } = await draftBill(margaret, t.database.db, margaretId, { hours: [1] });
    const res = await margaret.request({ method: 'POST', url: `/api/bills/${bill.id}/issue`, payload: { version: bill.version, issuedOn: '2026-06-01' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('bad input', () => {
  const refusal = async (payload: object) => {
    const res = await intake(payload);
    expect(res.statusCode).toBe(400);
    return res.json().error.details.map((d: { message: string }) => d.message) as string[];
  };
  it('refuses a name of only punctuation, a 10,000-character name and a 500-character claim number, naming the field', async () => {
    expect(await refusal({ clientName: '.,;!' })).toContain('Client name must contain a letter or a digit');
    expect(await refusal({ parties: [{ role: 'insurer', name: 'x'.repeat(10_000) }] }))
      .toContain('Party name has 10,000 characters; the limit is 200. Shorten it to save it.');
    expect(await refusal({ claimNumbers: ['9'.repeat(500)] })).toContain('Claim number has 500 characters; the limit is 60. Shorten it to save it.');
    const party = await denise.request({ method: 'POST', url: `/api/cases/${earlier.id}/parties`, payload: { role: 'other', name: '---' } });
    expect(party.json().error.details[0].message).toBe('Party name must contain a letter or a digit');
  });

  it.each(['%', '_', '\\', "'; drop table cases; --", '🙂🙂🙂', 'a'.repeat(200), '%%__\\\\', 'Ünïcödé Ïns', '  x  ', '0', 'unit', '#'])(
    'never answers 500 for %j', async (text) => {
      const res = await intake({ clientName: /[\p{L}\p{N}]/u.test(text) ? text : null, parties: [{ role: 'other', name: `${text.slice(0, 190)} 1` }],
        claimNumbers: [text.slice(0, 60)], lossAddresses: [text] });
      expect(res.statusCode, res.body).toBe(201);
    });

  it('checks and decisions are admin work; a limited user reads only', async () => {
    expect((await limited.request({ method: 'POST', url: '/api/conflict-checks', payload: { clientName: 'X' } })).statusCode).toBe(403);
    expect((await limited.request({ method: 'POST', url: `/api/cases/${earlier.id}/parties`, payload: { role: 'other', name: 'X' } })).statusCode).toBe(403);
    expect((await limited.request({ method: 'GET', url: `/api/cases/${earlier.id}/parties` })).statusCode).toBe(200);
  });
});

it('a new unique helper keeps file numbers apart', () => expect(unique('F')).not.toBe(unique('F')));
