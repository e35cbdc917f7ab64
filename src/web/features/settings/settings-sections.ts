import { lazy, type ComponentType } from 'react';
import {
  IconBell, IconBuilding, IconCalendar, IconCalendarEvent, IconCalendarWeek, IconClipboardCheck, IconDatabase, IconFileImport, IconFileText, IconHistory,
  IconLock, IconLogin, IconMail, IconMapPin,
  IconUserCircle, IconUsers,
} from '@tabler/icons-react';
import type { TSessionUser } from '../../../core/api/auth.ts';

/** Who may open a section: every signed-in person, admins (and super admins), or super admins only. */
export type SectionAccess = 'everyone' | 'admin' | 'superAdmin';

export interface SettingsSection {
  /** Its address: /settings/{path}. */
  path: string;
  /** Its name in the side navigation, and its heading. */
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  access: SectionAccess;
  /** Its own chunk: opening one section fetches that section's code only (docs/decisions/096). */
  Component: ComponentType;
}

/** A section's component, fetched when the section is first shown. */
const part = <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  lazy(async () => ({ default: pick(await load()) }));

/** The sections in the order of the side navigation; /settings opens the first one a person may open. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { path: 'calendar', label: 'Google Calendar', icon: IconCalendar, access: 'admin',
    Component: part(() => import('./google-calendar-section.tsx'), (m) => m.GoogleCalendarSection) },
  { path: 'firm-profile', label: 'Firm profile', icon: IconBuilding, access: 'admin',
    Component: part(() => import('../firm-profile/index.ts'), (m) => m.FirmProfileSection) },
  { path: 'engagement-letter', label: 'Engagement letter', icon: IconFileText, access: 'admin',
    Component: part(() => import('../engagement/index.ts'), (m) => m.EngagementTemplateSection) },
  { path: 'timesheets', label: 'Timesheets', icon: IconCalendarWeek, access: 'admin',
    Component: part(() => import('./timesheets-section.tsx'), (m) => m.TimesheetsSection) },
  { path: 'deadlines', label: 'Deadlines', icon: IconCalendarEvent, access: 'admin',
    Component: part(() => import('../deadlines/index.ts'), (m) => m.DeadlinesSettingsSection) },
  { path: 'field-reports', label: 'Field reports', icon: IconClipboardCheck, access: 'admin',
    Component: part(() => import('../field-reports/index.ts'), (m) => m.ReviewRuleSection) },
  { path: 'email', label: 'E-mail', icon: IconMail, access: 'admin',
    Component: part(() => import('../mail/index.ts'), (m) => m.EmailSection) },
  { path: 'reminders', label: 'Reminders', icon: IconBell, access: 'admin',
    Component: part(() => import('../reminders/index.ts'), (m) => m.RemindersSection) },
  { path: 'address-lookup', label: 'Address lookup', icon: IconMapPin, access: 'admin',
    Component: part(() => import('./address-lookup-section.tsx'), (m) => m.AddressLookupSection) },
  { path: 'users', label: 'Users', icon: IconUsers, access: 'admin',
    Component: part(() => import('../users/index.ts'), (m) => m.UsersSection) },
  { path: 'backups', label: 'Backups', icon: IconDatabase, access: 'admin',
    Component: part(() => import('../backups/index.ts'), (m) => m.BackupsSection) },
  { path: 'audit', label: 'Audit log', icon: IconHistory, access: 'admin',
    Component: part(() => import('../audit/index.ts'), (m) => m.AuditLogSection) },
  { path: 'security', label: 'Sign-in security', icon: IconLock, access: 'superAdmin',
    Component: part(() => import('../two-factor/index.ts'), (m) => m.SecuritySection) },
  { path: 'sign-in', label: 'Sign in with Google or Microsoft', icon: IconLogin, access: 'superAdmin',
    Component: part(() => import('../sign-in-providers/index.ts'), (m) => m.ProvidersSection) },
  { path: 'import', label: 'Import', icon: IconFileImport, access: 'superAdmin',
    Component: part(() => import('../import/index.ts'), (m) => m.ImportSection) },
  { path: 'account', label: 'My account', icon: IconUserCircle, access: 'everyone',
    Component: lazy(() => import('./account-section.tsx')) },
];

export function mayOpen(section: SettingsSection, user: Pick<TSessionUser, 'isAdmin' | 'isSuperAdmin'>): boolean {
  if (section.access === 'superAdmin') return user.isSuperAdmin;
  if (section.access === 'admin') return user.isAdmin;
  return true;
}

/** What a person who may not open `section` reads in its place. */
export function refusalFor(section: SettingsSection): string {
  return section.access === 'superAdmin'
    ? `${section.label} is available to super admins only.`
    : 'Admin settings are available to administrators only.';
}

/**
 * Where /settings (and /admin-settings, and an address that names no section) lands: the first
 * section the person may open. Google sends the browser back to /settings with ?code&state (or
 * ?error): that answer belongs to the calendar section, whatever comes first.
 */
export function landingFor(user: Pick<TSessionUser, 'isAdmin' | 'isSuperAdmin'>, search: URLSearchParams): string {
  const open = SETTINGS_SECTIONS.filter((s) => mayOpen(s, user));
  const calendar = open.find((s) => s.path === 'calendar');
  if (calendar && (search.has('code') || search.has('error'))) return calendar.path;
  return open[0]!.path;
}
