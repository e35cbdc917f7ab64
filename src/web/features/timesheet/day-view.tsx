// Placeholder until the day view lands (issue 25, helper D replaces this file).
export function DayView(_props: { date: string; userId: string; onEntered: () => void }) {
  return null;
}
