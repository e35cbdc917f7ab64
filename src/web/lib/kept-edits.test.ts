import { describe, expect, it } from 'vitest';
import { keptStart, mergeServer, theirNotes } from './kept-edits.ts';

const server = { firmName: 'Hale', phone: '555', email: 'a@b.c', version: 1 };

describe('mergeServer', () => {
  it('keeps every field the user typed when an action elsewhere (a logo upload) answers with the record', () => {
    const typing = { ...keptStart(server), form: { ...server, phone: '555-0100 typed', email: 'typed@b.c' } };
    const answer = { ...server, version: 2 };
    const merged = mergeServer(typing, answer);
    expect(merged.form).toEqual({ firmName: 'Hale', phone: '555-0100 typed', email: 'typed@b.c', version: 2 });
    expect(merged.base).toEqual(answer);
    expect(merged.theirs).toEqual({});
  });

  it.each([
    // field: what the form opened with, what the user has, what the server now says → form, theirs
    ['untouched, changed on the server', 'Hale', 'Hale', 'Hale & Ortiz', 'Hale & Ortiz', undefined],
    ['typed, unchanged on the server', 'Hale', 'Mine', 'Hale', 'Mine', undefined],
    ['typed, and changed on the server to something else', 'Hale', 'Mine', 'Theirs', 'Mine', 'Theirs'],
    ['typed, and the server now says the same', 'Hale', 'Same', 'Same', 'Same', undefined],
  ])('%s', (_, opened, typed, now, form, theirs) => {
    const start = keptStart({ ...server, firmName: opened });
    const merged = mergeServer({ ...start, form: { ...start.form, firmName: typed } }, { ...server, firmName: now });
    expect(merged.form.firmName).toBe(form);
    expect(merged.theirs.firmName).toBe(theirs);
  });

  it('after a save is acknowledged, the answer replaces what was sent (the server trims)', () => {
    const sent = { ...server, phone: ' 555-0100 ' };
    const saved = { ...keptStart(server), base: sent, form: sent };
    expect(mergeServer(saved, { ...server, phone: '555-0100', version: 2 }).form).toEqual({ ...server, phone: '555-0100', version: 2 });
  });

  it('compares objects (an address) by value', () => {
    const withAddress = { address: { street: '1 Main' } as { street: string } | null, name: 'x' };
    const start = keptStart(withAddress);
    const edited = { ...start, form: { ...withAddress, address: { street: '2 Typed' } } };
    expect(mergeServer(edited, { address: { street: '1 Main' }, name: 'y' }).form).toEqual({ address: { street: '2 Typed' }, name: 'y' });
  });
});

describe('theirNotes', () => {
  it('quotes their text, and says so for a value that is not text', () => {
    expect(theirNotes({ phone: '555-0199', email: '', address: { street: '1 Main' } })).toEqual({
      phone: 'Someone else saved “555-0199” here meanwhile. Saving keeps yours.',
      email: 'Someone else saved “(empty)” here meanwhile. Saving keeps yours.',
      address: 'Someone else changed this meanwhile. Saving keeps yours.',
    });
  });
});
