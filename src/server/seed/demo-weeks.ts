// Demo weeks (issue 25): the staff's recent weeks as a firm would have them, made through the same
// service the timesheet uses. Weeks three and four back are approved (so their entries are locked),
// two weeks back is approved for all but one person, whose week was rejected with a note; last week
// waits for approval for half the staff and is not submitted yet for the rest (among them the
// demo's limited user, whose dashboard shows the reminder).
import type { Db } from '../db/connection.ts';
import { moveWeek, type Viewer, type WeekAction } from '../features/time/index.ts';
import { addDays, weekStartOf } from '../../core/dates/iso-date.ts';

type Role = Viewer['role'];

export async function seedDemoWeeks(db: Db, options: { approverIds: [string, string]; today: string; notSubmittedEmail: string }) {
  const people = await db.selectFrom('users').leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.role', 'user_roles.role as granted'])
    .where('users.disabled', '=', false).orderBy('users.email').execute();
  const viewer = (id: string, role: Role): Viewer => ({ id, role, isSuperAdmin: role === 'super_admin' });
  // Nobody decides on their own week (docs/decisions/116): the second approver decides on the first's.
  const [first, second] = options.approverIds.map((id) => viewer(id, 'super_admin')) as [Viewer, Viewer];
  const thisWeek = weekStartOf(options.today, 1);
  const act = (by: Viewer, userId: string, weekStart: string, action: WeekAction, note = '') =>
    moveWeek(db, { viewer: by, action, body: { userId, weekStart, note }, today: addDays(weekStart, 9) });

  for (const [i, person] of people.entries()) {
    const self = viewer(person.id, (person.granted ?? person.role ?? 'limited_user') as Role);
    const approver = person.id === first.id ? second : first;
    for (const back of [4, 3, 2]) {
      const week = addDays(thisWeek, -7 * back);
      await act(self, person.id, week, 'submit');
      if (back === 2 && i === 1) await act(approver, person.id, week, 'reject', 'Tuesday is missing the site visit; please add it and submit again.');
      else await act(approver, person.id, week, 'approve');
    }
    if (i % 2 === 0 && person.email !== options.notSubmittedEmail) await act(self, person.id, addDays(thisWeek, -7), 'submit');
  }
}
