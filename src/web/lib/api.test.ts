import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { FILE_TIMEOUT_MS } from './transport.ts';

describe('api', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each([
    ['a data call', {}, 20_000],
    ['a call whose answer waits for a document (a certification)', { makesDocument: true as const }, FILE_TIMEOUT_MS],
  ])('gives %s its time', async (_, init, ms) => {
    vi.stubGlobal('document', { cookie: 'csrf-token=t' });
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    await api('/api/x', init);
    expect(timeout).toHaveBeenCalledWith(ms);
  });
});
