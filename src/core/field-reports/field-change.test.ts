import { describe, expect, it } from 'vitest';
import { certifyLabel, fieldChangeKey, fieldChangeLabel, fieldChangeOutcome } from './field-change.ts';

const stored = { reportNumber: '0007', content: { damageSummary: 'Smoke', presentParties: [{ name: 'Ann' }], testing: { acm: { completed: false } } } };

describe('fieldChangeOutcome', () => {
  it.each([
    ['applies a change whose base is the stored value', { path: '/content/damageSummary', value: 'Soot', base: 'Smoke' }, 'apply'],
    ['answers a change already stored (a replay after the answer was lost)', { path: '/content/damageSummary', value: 'Smoke', base: '' }, 'same'],
    ['refuses a change made over a value changed meanwhile', { path: '/content/damageSummary', value: 'Soot', base: 'Ash' }, 'conflict'],
    ['takes a nested flag as a field', { path: '/content/testing/acm/completed', value: true, base: false }, 'apply'],
    ['takes a list as one field', { path: '/content/presentParties', value: [], base: [{ name: 'Ann' }] }, 'apply'],
    ['refuses a path inside a list (a list is one field)', { path: '/content/presentParties/0/name', value: 'Bo', base: 'Ann' }, 'unknown'],
    ['refuses a path that is no field', { path: '/content/nothing', value: 'x', base: undefined }, 'unknown'],
    ['refuses a whole section', { path: '/content/testing', value: {}, base: {} }, 'unknown'],
  ])('%s', (_name, change, outcome) => {
    expect(fieldChangeOutcome(stored, change)).toBe(outcome);
  });
});

describe('the queue words of a report', () => {
  it('labels a field change and a certification by the report number', () => {
    expect(fieldChangeLabel('0007', '/content/damageSummary')).toBe('Report 0007: Damage summary');
    expect(certifyLabel('0007-R1')).toBe('Report 0007-R1: Certification');
  });
  it('keys one field of one report (a later edit replaces the waiting one)', () => {
    expect(fieldChangeKey('r1', '/content/notes')).toBe('field-report:r1:/content/notes');
  });
});
