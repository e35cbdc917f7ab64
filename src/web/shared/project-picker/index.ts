// The one project picker (issue 44, docs/decisions/129): one search hook with an online and an
// offline mode, and its two skins, the search box (time tracking, the timesheet, the timer) and the
// form field (action items, field reports).
import './project-picker.css';

export { ProjectSearchBox, useProjectBoxShortcut } from './project-search-box.tsx';
export { ProjectField, type PickedProject } from './project-field.tsx';
export { OFFLINE_PROJECTS } from './search.ts';
