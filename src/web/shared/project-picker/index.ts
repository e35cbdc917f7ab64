// The one project picker (issue 44, docs/decisions/129): one search hook with an online and an
// offline mode, and its two skins: the search box here (time tracking, the timesheet, the timer) and
// the form field in `project-field.tsx` (action items, field reports), a file of its own so the
// pages with the box never load the field's Autocomplete (the /time-tracking first-load budget).
import './project-picker.css';

export { ProjectSearchBox, useProjectBoxShortcut } from './project-search-box.tsx';
export { OFFLINE_PROJECTS } from './search.ts';
