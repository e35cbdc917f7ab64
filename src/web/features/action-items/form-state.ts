import { FORM_FIELD_LABELS, type ActionItemFormValues } from '../../../core/action-items.ts';
import type { TActionItem } from '../../../core/api/action-items.ts';
import type { PickedProject } from '../../shared/project-picker/project-field.tsx';

/** The fields a refusal can name, by the form's names (the labels of the result toast). */
export type FormField = keyof typeof FORM_FIELD_LABELS;
export const FORM_FIELDS = Object.keys(FORM_FIELD_LABELS) as FormField[];
/** Request fields shown by another field of the form. */
export const REQUEST_NAMES: Partial<Record<string, FormField>> = { locationAddress: 'location' };

export interface FormState extends ActionItemFormValues {
  project: PickedProject | null;
  locationAddress: Record<string, unknown> | null;
  calendarSync: boolean;
}

/** `calendar`: the calendar is connected and usable (a new item then starts with Sync On). */
export function initialForm(editing: TActionItem | null, project: PickedProject | null, calendar = false): FormState {
  return {
    calendarSync: editing ? editing.calendarSync : calendar,
    project: editing ? { id: editing.project_id, label: editing.projectLabel, clientName: editing.clientName } : project,
    projectId: editing?.project_id ?? project?.id ?? '',
    clientName: editing?.clientName ?? project?.clientName ?? '',
    assignee: editing?.assignee ?? '',
    shortDescription: editing?.shortDescription ?? '',
    dueDate: editing?.dueDate ?? '',
    dateError: null,
    startTime: editing?.startTime ?? '',
    endTime: editing?.endTime ?? '',
    location: editing?.location ?? '',
    locationAddress: editing?.locationAddress ?? null,
    url: editing?.url ?? '',
    longDescription: editing?.longDescription ?? '',
  };
}
