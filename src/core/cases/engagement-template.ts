import Mustache from 'mustache';

// The engagement letter's template (issue 39, docs/decisions/121): mustache 4 read as plain
// placeholders only. No section, inverted section, partial or delimiter change is accepted, and
// every placeholder must be one of PLACEHOLDERS: a template can fill in facts, never run anything.
// The letter is rendered as text (for a PDF), so nothing is HTML-escaped.

/** The placeholders a template may use, in the order the settings screen lists them. */
export const PLACEHOLDERS = {
  today: "Today's date, written out (the letter's date)",
  firm_name: "The firm's name (its profile)",
  client: "The client's name",
  client_contact: "The client's contact person (else the client's name)",
  client_address: "The client's billing address",
  case_name: 'The case name',
  file_number: 'The file number',
  parties: 'The parties, one line per role',
  retained_side: 'The side that retained the firm',
  claim_number: 'The claim number',
  policy_number: 'The policy number',
  date_of_loss: 'The date of loss (MM/DD/YYYY)',
  loss_address: "The loss address (the primary project's property address)",
  rates: "The case's hourly rates, one line per job title",
  fee_rules: "The case's fee rules (minimums, flat day fees, travel, cancellations), one line each",
  retainer_requested: 'The retainer asked for',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export type LetterValues = Record<PlaceholderName, string>;

/** The longest template saved. */
export const TEMPLATE_MAX = 20_000;

const known = (name: string): name is PlaceholderName => Object.hasOwn(PLACEHOLDERS, name);

type Token = [type: string, value: string, start: number, end: number, ...rest: unknown[]];

/** Mustache's own reading (a fresh writer each time: no cache grows with what people type). */
function parse(template: string): Token[] | string {
  try {
    return new Mustache.Writer().parse(template) as unknown as Token[];
  } catch (error) {
    const message = (error as Error).message;
    const unclosedTag = /^Unclosed tag at (\d+)/.exec(message);
    // Mustache counts to where it stopped looking; the person needs where the tag opened.
    if (unclosedTag) return `The template has a {{ that is never closed (at character ${template.lastIndexOf('{{', Number(unclosedTag[1])) + 1}).`;
    const section = /^Un(?:closed|opened) section "([^"]*)"/.exec(message);
    if (section) return `Sections are not allowed: {{#${section[1]}}} … {{/${section[1]}}}. Use plain placeholders like {{client}}.`;
    return `The template could not be read: ${message}`;
  }
}

/** What is wrong with a tag that is not a plain placeholder, or null for a placeholder or a comment. */
function tagProblem(template: string, [type, , start, end]: Token): string | null {
  const written = template.slice(start, end);
  switch (type) {
    case '#': case '^': return `Sections are not allowed: ${written}. Use plain placeholders like {{client}}.`;
    case '>': return `Partials are not allowed: ${written}.`;
    case '=': return `Changing the delimiters is not allowed: ${written}.`;
    default: return null;
  }
}

const isPlaceholder = (type: string) => type === 'name' || type === '&';

/**
 * What is wrong with a template, in words naming the tags, or null when it may be saved: empty,
 * too long, unreadable, a tag that is not a plain placeholder, or placeholders not on the list.
 */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'The template is empty.';
  if (template.length > TEMPLATE_MAX) return `The template is ${template.length.toLocaleString('en-US')} characters long; the limit is ${TEMPLATE_MAX.toLocaleString('en-US')}.`;
  const tokens = parse(template);
  if (typeof tokens === 'string') return tokens;
  for (const token of tokens) {
    const problem = tagProblem(template, token);
    if (problem) return problem;
  }
  const unknown = [...new Set(tokens.filter(([type, name]) => isPlaceholder(type) && !known(name)).map(([, name]) => `{{${name}}}`))];
  if (unknown.length === 0) return null;
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Use the placeholders listed beside the template.`;
}

/** The letter's text: each placeholder replaced by its value, comments dropped. Throws on a template templateProblem refuses. */
export function renderTemplate(template: string, values: LetterValues): string {
  const problem = templateProblem(template);
  if (problem) throw new Error(problem);
  const tokens = parse(template) as Token[];
  return tokens.map(([type, value]) => {
    if (type === 'text') return value;
    if (isPlaceholder(type) && known(value)) return values[value];
    return '';
  }).join('');
}
