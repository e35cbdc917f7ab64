import { describe, expect, it } from 'vitest';
import { titleFor } from './titles.ts';

describe('titleFor', () => {
  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/settings', 'Admin Settings'],
    ['/admin-settings', 'Admin Settings'],
    ['/attorneys', 'Attorneys & Law Firms'],
    ['/accounting', 'Accounting & Financials'],
    ['/existing-clients', 'Existing Clients'],
    ['/field-reports', 'Field Reports'],
    ['/new-client', 'Client Management'],
    ['/clients/new', 'New Client'],
    ['/clients/new-legacy', 'New Client'],
    ['/clients/drafts', 'New Client Drafts'],
    ['/project/3f2a', 'Project Detail'],
    ['/project-detail', 'Project Detail'],
    ['/rate-codes', 'Rate Codes'],
    ['/reports', 'Reports'],
    ['/time-tracking', 'Time Tracking'],
    ['/case/42', 'Hale & Ortiz Engineering'],
    ['/test-api', 'Hale & Ortiz Engineering'],
  ])('%s → %s', (path, title) => {
    expect(titleFor(path, 'Hale & Ortiz Engineering')).toBe(title);
  });
});
