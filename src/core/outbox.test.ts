import { describe, expect, it } from 'vitest';
import { isGone, isRetryable, retryDelay, outboxSummary, sendOutcome } from './outbox.ts';

describe('outboxSummary', () => {
  it.each([
    [0, 0, 'All saved'],
    [1, 0, '1 change waiting'],
    [3, 0, '3 changes waiting'],
    [0, 1, '1 photo waiting'],
    [0, 5, '5 photos waiting'],
    [1, 1, '1 change and 1 photo waiting'],
    [3, 5, '3 changes and 5 photos waiting'],
  ])('%i changes, %i photos → %s', (changes, photos, text) => {
    expect(outboxSummary({ changes, photos })).toBe(text);
  });
});

describe('sendOutcome', () => {
  it.each([
    [200, 'done'], [201, 'done'], [204, 'done'],
    [0, 'retry'], [500, 'retry'], [502, 'retry'], [503, 'retry'], [429, 'retry'], [408, 'retry'],
    [401, 'signed-out'],
    [400, 'failed'], [403, 'failed'], [404, 'failed'], [409, 'failed'], [413, 'failed'], [422, 'failed'],
    // Its record was deleted since (docs/decisions/110): dropped, never retried, said in the list.
    [410, 'gone'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(sendOutcome(status)).toBe(outcome);
  });
});

describe('isGone', () => {
  it.each([
    [undefined, false],
    [{ status: 410 }, true],
    [{ status: 404 }, false], [{ status: 409 }, false], [{ status: 400 }, false], [{ status: 507 }, false],
  ])('%j → %s', (failure, gone) => {
    expect(isGone(failure)).toBe(gone);
  });
});

describe('retryDelay', () => {
  it.each([[0, 1000], [1, 2000], [2, 5000], [3, 10_000], [4, 30_000], [9, 30_000]])('attempt %i waits %i ms', (attempt, ms) => {
    expect(retryDelay(attempt)).toBe(ms);
  });
});

describe('isRetryable (the one idea of it, docs/decisions/129)', () => {
  it.each([
    [0, true], [408, true], [429, true], [500, true], [502, true], [503, true], [504, true],
    [200, false], [400, false], [401, false], [403, false], [404, false], [409, false], [410, false], [413, false], [422, false],
  ])('%i → %s', (status, retryable) => {
    expect(isRetryable(status)).toBe(retryable);
  });
});
