import { hoursProblem } from '../limits.ts';
import { err, ok, type Result } from '../result.ts';

// Hours as people type them in a timesheet cell (issue 25): '1.5', '1:30', '90m', '1h 30m'
// (also '1h', '1h30', '2 h 15 m', '.25'). Blank means no hours.

export const HOURS_TEXT_MESSAGE = "Type hours as 1.5, 1:30, 90m or 1h 30m";

const DECIMAL = /^(\d+(?:\.\d*)?|\.\d+)\s*h?$/;
const COLON = /^(\d+):([0-5]\d)$/;
const MINUTES = /^(\d+)\s*m(?:in)?$/;
const HOURS_MINUTES = /^(\d+)\s*h\s*(\d+)\s*m?(?:in)?$/;

/** Minutes → hours to 2 decimals (1:20 is 1.33). */
const fromMinutes = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

function readHours(text: string): number | null {
  let g = DECIMAL.exec(text);
  if (g) return Number(g[1]);
  g = COLON.exec(text);
  if (g) return fromMinutes(Number(g[1]) * 60 + Number(g[2]));
  g = MINUTES.exec(text);
  if (g) return fromMinutes(Number(g[1]));
  g = HOURS_MINUTES.exec(text);
  if (g) return fromMinutes(Number(g[1]) * 60 + Number(g[2]));
  return null;
}

/** The hours a cell holds: 0 for blank, else the hours typed (at most 24, at most 2 decimals). */
export function parseHoursText(input: string): Result<number> {
  const text = input.trim().toLowerCase();
  if (text === '') return ok(0);
  const hours = readHours(text);
  if (hours === null || !Number.isFinite(hours)) return err(HOURS_TEXT_MESSAGE);
  const problem = hoursProblem(hours);
  return problem ? err(problem) : ok(hours);
}

/** A cell's hours as the grid shows them: '' for none, else up to 2 decimals ('1.5', '7.25'). */
export function formatHours(hours: number): string {
  if (!hours) return '';
  return String(Math.round(hours * 100) / 100);
}
