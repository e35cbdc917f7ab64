// Placeholder until the timer lands (issue 25, helper D replaces this file).
export function TimerPanel(_props: { projectId?: string; jobTitles?: string[] }) {
  return null;
}
