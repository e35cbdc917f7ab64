import { describe, expect, it } from 'vitest';
import { FIRST_RUN_STEPS, firstRunOwed, nextStep, type StepAnswers } from './first-run.ts';

const answers = (over: Partial<StepAnswers> = {}): StepAnswers =>
  ({ 'firm-profile': null, users: null, calendar: null, 'address-lookup': null, ...over });

describe('the next step of the first-run setup', () => {
  it.each([
    ['nothing answered', answers(), 'firm-profile'],
    ['firm profile done', answers({ 'firm-profile': 'done' }), 'users'],
    ['firm profile skipped', answers({ 'firm-profile': 'skipped' }), 'users'],
    ['a later step answered first', answers({ calendar: 'done' }), 'firm-profile'],
    ['all but address lookup', answers({ 'firm-profile': 'done', users: 'skipped', calendar: 'skipped' }), 'address-lookup'],
    ['all answered', answers({ 'firm-profile': 'done', users: 'done', calendar: 'skipped', 'address-lookup': 'skipped' }), null],
  ])('%s → %s', (_label, state, expected) => expect(nextStep(state)).toBe(expected));

  it('goes firm profile → users → calendar → address lookup', () =>
    expect(FIRST_RUN_STEPS).toEqual(['firm-profile', 'users', 'calendar', 'address-lookup']));
});

describe('whether setup is owed', () => {
  it.each([
    ['a new production database', { demo: false, finishedAt: null }, true],
    ['a demo database', { demo: true, finishedAt: null }, false],
    ['finished', { demo: false, finishedAt: '2026-11-27T09:00:00.000Z' }, false],
  ])('%s → %s', (_label, state, expected) => expect(firstRunOwed(state)).toBe(expected));
});
