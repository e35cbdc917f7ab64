import type { TProjectEntriesResponse } from '../../../../core/api/time-tracking.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import type { Viewer } from '../entries/access.ts';
import { peopleNames } from '../entries/people.ts';
import { listExpenseEntries } from './expense-entries.ts';
import { jobTitlesFor } from '../entries/rates.ts';
import { getTrackedProject } from './project-search.ts';
import { listTimeEntries } from '../entries/views.ts';
import type { TTimeEntry, TTimeEntryCosted } from '../../../../core/api/time-tracking.ts';

/** Everything the time-tracking page needs when a project is picked, in one round trip. */
export async function projectEntries(db: DbOrTx, options: { projectId: string; viewer: Viewer }): Promise<TProjectEntriesResponse> {
  const { projectId, viewer } = options;
  const project = await getTrackedProject(db, { projectId });
  const [jobTitles, timeEntries, expenseEntries] = await Promise.all([
    jobTitlesFor(db, { projectId }),
    listTimeEntries(db, { projectId, viewer }),
    listExpenseEntries(db, { projectId }),
  ]);
  const enteredBy = await peopleNames(db, [...timeEntries, ...expenseEntries].map((entry) => entry.createdBy));
  const common = { project, jobTitles, expenseEntries, enteredBy };
  return viewer.isSuperAdmin
    ? { money: true, ...common, timeEntries: timeEntries as TTimeEntryCosted[] }
    : { money: false, ...common, timeEntries: timeEntries as TTimeEntry[] };
}
