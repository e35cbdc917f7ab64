import type { QueryClient } from '@tanstack/react-query';
import type { TClientDetail } from '../../../core/api/clients.ts';
import { api } from '../../lib/api.ts';
import { keys, saveCase, saveClient, saveProject, type CaseIntake } from './api.ts';
import { caseForm, clientForm, projectForm, same, type CaseForm, type ClientForm, type ProjectForm } from './forms.ts';

/**
 * Saves one phase of a new client: creates the row the first time, updates it (with its
 * version) afterwards, and skips the request when nothing changed. Used by the phased form
 * and by the one-page legacy form, so both write the same data the same way.
 */
export async function writePhase(
  detail: TClientDetail | null,
  phase: { client: ClientForm } | { case: CaseForm; intake?: CaseIntake } | { project: ProjectForm },
): Promise<string> {
  if ('client' in phase) {
    if (detail && same(clientForm(detail), phase.client)) return detail.id;
    return (await saveClient(phase.client, detail ?? undefined)).id;
  }
  if (!detail) throw new Error('The client phase must be saved first.');
  const kase = detail.cases[0];
  if ('case' in phase) {
    if (!kase) await saveCase(phase.case, { clientId: detail.id, intake: phase.intake });
    else if (!same(caseForm(kase), phase.case)) await saveCase(phase.case, kase);
    return detail.id;
  }
  if (!kase) throw new Error('The case phase must be saved first.');
  const project = kase.projects[0];
  if (!project) await saveProject(phase.project, { caseId: kase.id });
  else if (!same(projectForm(project), phase.project)) await saveProject(phase.project, project);
  return detail.id;
}

/** Reads the draft again after a write and puts it in the cache the page reads from. */
export async function reloadDraft(queryClient: QueryClient, id: string): Promise<TClientDetail> {
  const fresh = await api<TClientDetail>(`/api/clients/${id}`);
  queryClient.setQueryData(keys.client(id), fresh);
  await queryClient.invalidateQueries({ queryKey: keys.all, predicate: (q) => q.queryKey[1] !== 'client' });
  return fresh;
}
