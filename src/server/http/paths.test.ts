import { describe, expect, it } from 'vitest';
import { isApiPath, isSharePath, loggableUrl, pathSegments } from './paths.ts';

describe('pathSegments', () => {
  it.each([
    ['/api/bills', ['api', 'bills']],
    ['/%61pi/bills', ['api', 'bills']],
    ['/%2561pi/bills', ['api', 'bills']],
    ['//api//bills', ['api', 'bills']],
    ['/api/./bills', ['api', 'bills']],
    ['/x/../api/bills', ['api', 'bills']],
    ['/API/Bills', ['api', 'bills']],
    ['/api;x=1/bills', ['api', 'bills']],
    ['/api%2Fbills', ['api', 'bills']],
    ['/api/bills%20', ['api', 'bills']],
    ['/api/%E0%A4%A', ['api', '%e0%a4%a']],
    ['/', []],
  ])('%s reads as %j', (url, segments) => expect(pathSegments(url)).toEqual(segments));

  it('tells the API, share links and the web app apart', () => {
    expect(isApiPath('/%61pi/bills?x=1')).toBe(true);
    expect(isApiPath('/cases/api')).toBe(false);
    expect(isSharePath('/shared/abc')).toBe(true);
    expect(isSharePath('/%61pi/%73hared/abc/pdf')).toBe(true);
    expect(isSharePath('/settings')).toBe(false);
  });
});

describe('loggableUrl', () => {
  it.each([
    [`/shared/${'A'.repeat(43)}`, '/shared/…'],
    [`/api/shared/${'A'.repeat(43)}/photos/1/thumbnail`, '/api/shared/…/photos/1/thumbnail'],
    [`/api/%73hared/${'A'.repeat(43)}?x=1`, '/api/shared/…?x=1'],
    ['/api/calendar/feed/abcdef0123', '/api/calendar/feed/…'],
    ['/api/bills?token=cbk_abc123&from=2026-01-01', '/api/bills?token=…&from=2026-01-01'],
    ['/api/bills?q=cbk_abc123', '/api/bills?q=cbk_…'],
    ['/api/auth/oidc/google/callback?code=xyz&state=s1', '/api/auth/oidc/google/callback?code=…&state=…'],
    ['/api/field-reports/1/share-links', '/api/field-reports/1/share-links'],
  ])('%s is logged as %s', (url, logged) => expect(loggableUrl(url)).toBe(logged));
});
