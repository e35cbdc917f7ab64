import { describe, expect, it } from 'vitest';
import { STARTING_MESSAGE } from '../../core/errors.ts';
import { ApiError, errorText, isStarting } from './transport.ts';

describe('isStarting', () => {
  it("tells the server's 'starting' 503 from other refusals (docs/decisions/112)", () => {
    const starting = new ApiError('SERVICE_UNAVAILABLE', STARTING_MESSAGE, 503, { starting: true });
    expect(isStarting(starting)).toBe(true);
    expect(errorText(starting)).toBe('Casebook is starting. Try again in a moment.');
    expect(isStarting(new ApiError('SERVICE_UNAVAILABLE', 'x', 503, { draining: true }))).toBe(false);
    expect(isStarting(new ApiError('SERVICE_UNAVAILABLE', 'x', 503, { maintenance: true }))).toBe(false);
    expect(isStarting(new ApiError('AUTH_REQUIRED', 'x', 401, { starting: true }))).toBe(false);
    expect(isStarting(new Error('starting'))).toBe(false);
  });
});
