/** Page titles by route prefix (SPEC §2); longest prefix wins, default the firm's name. */
const TITLES: [prefix: string, title: string][] = [
  ['/dashboard', 'Dashboard'],
  ['/admin-settings', 'Admin Settings'],
  ['/settings', 'Admin Settings'],
  ['/attorneys', 'Attorneys & Law Firms'],
  ['/accounting', 'Accounting & Financials'],
  ['/existing-clients', 'Existing Clients'],
  ['/field-reports', 'Field Reports'],
  ['/evidence/', 'Evidence Item'],
  ['/new-client', 'Client Management'],
  ['/clients/new', 'New Client'],
  ['/clients/drafts', 'New Client Drafts'],
  ['/project-detail', 'Project Detail'],
  ['/project/', 'Project Detail'],
  ['/rate-codes', 'Rate Codes'],
  ['/reports', 'Reports'],
  ['/time-tracking', 'Time Tracking'],
  ['/timesheet', 'Timesheet'],
  ['/timesheet/approvals', 'Timesheet Approvals'],
  ['/setup', 'Set up Casebook'],
];

export function titleFor(pathname: string, firmName: string): string {
  if (pathname === '/' || pathname === '') return 'Dashboard';
  const match = TITLES.filter(([prefix]) => pathname.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0];
  return match?.[1] ?? firmName;
}
