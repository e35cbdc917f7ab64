import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGAGEMENT_TEMPLATE } from './engagement-default.ts';
import { letterDate, letterValues, NOT_RECORDED, partyLines, rateLines, type LetterFacts } from './engagement-letter.ts';
import { PLACEHOLDERS, renderTemplate, TEMPLATE_MAX, templateProblem, type LetterValues } from './engagement-template.ts';

const values = Object.fromEntries(Object.keys(PLACEHOLDERS).map((name) => [name, `<${name}>`])) as LetterValues;

describe('templateProblem', () => {
  it.each<[string, string, string | null]>([
    ['plain text', 'Dear client, thank you.', null],
    ['known placeholders', 'Dear {{client}}, re {{ case_name }} ({{file_number}}).', null],
    ['triple braces and & read as placeholders', '{{{client}}} {{& firm_name}}', null],
    ['a comment', '{{! a note for whoever edits this }}Hello {{client}}', null],
    ['a closing brace pair alone is text', 'a }} b', null],
    ['an unknown placeholder is named', 'Dear {{clent}},', 'Unknown placeholder {{clent}}. Use the placeholders listed beside the template.'],
    ['several unknown ones, each once', '{{a}} {{b}} {{a}} {{client}}', 'Unknown placeholders {{a}}, {{b}}. Use the placeholders listed beside the template.'],
    ['a dotted name is unknown', '{{client.name}}', 'Unknown placeholder {{client.name}}. Use the placeholders listed beside the template.'],
    ['an empty tag is unknown', 'x {{}} y', 'Unknown placeholder {{}}. Use the placeholders listed beside the template.'],
    ['a lambda-looking name is unknown', '{{constructor}} {{toString}}', 'Unknown placeholders {{constructor}}, {{toString}}. Use the placeholders listed beside the template.'],
    ['a section', '{{#parties}}{{name}}{{/parties}}', 'Sections are not allowed: {{#parties}}. Use plain placeholders like {{client}}.'],
    ['an inverted section', '{{^claim_number}}none{{/claim_number}}', 'Sections are not allowed: {{^claim_number}}. Use plain placeholders like {{client}}.'],
    ['an unclosed section', 'a {{#rates}} b', 'Sections are not allowed: {{#rates}} … {{/rates}}. Use plain placeholders like {{client}}.'],
    ['a closing tag alone', 'a {{/rates}} b', 'Sections are not allowed: {{#rates}} … {{/rates}}. Use plain placeholders like {{client}}.'],
    ['a partial', 'Hi {{> footer}}', 'Partials are not allowed: {{> footer}}.'],
    ['a delimiter change', '{{=<% %>=}} <%client%>', 'Changing the delimiters is not allowed: {{=<% %>=}}.'],
    ['an unclosed tag', 'Dear {{client', 'The template has a {{ that is never closed (at character 6).'],
    ['empty', '  \n ', 'The template is empty.'],
    ['too long', 'x'.repeat(TEMPLATE_MAX + 1), 'The template is 20,001 characters long; the limit is 20,000.'],
  ])('%s', (_, template, problem) => {
    expect(templateProblem(template)).toBe(problem);
  });

  it('accepts the default letter, which uses every placeholder', () => {
    expect(templateProblem(DEFAULT_ENGAGEMENT_TEMPLATE)).toBeNull();
    for (const name of Object.keys(PLACEHOLDERS)) expect(DEFAULT_ENGAGEMENT_TEMPLATE, name).toContain(`{{${name}}}`);
  });
});

describe('renderTemplate', () => {
  it.each<[string, string, string]>([
    ['fills placeholders as text, never escaped', 'Dear {{client}} & {{{firm_name}}}', 'Dear <client> & <firm_name>'],
    ['drops comments', 'a{{! note }}b', 'ab'],
    ['keeps line breaks', 'Re: {{file_number}}\n{{parties}}\n', 'Re: <file_number>\n<parties>\n'],
  ])('%s', (_, template, text) => {
    expect(renderTemplate(template, values)).toBe(text);
  });

  it('never renders a value as a template, whatever it holds', () => {
    expect(renderTemplate('{{client}}', { ...values, client: '{{#x}}{{firm_name}}{{/x}}' })).toBe('{{#x}}{{firm_name}}{{/x}}');
  });

  it('refuses a template the rules refuse', () => {
    expect(() => renderTemplate('{{#rates}}x{{/rates}}', values)).toThrow('Sections are not allowed');
  });

  it('leaves no template syntax in the default letter', () => {
    expect(renderTemplate(DEFAULT_ENGAGEMENT_TEMPLATE, values)).not.toMatch(/\{\{|\}\}/);
  });
});

const facts: LetterFacts = {
  today: '2026-11-29', firmName: 'Hale & Ortiz Engineering',
  client: { name: 'Cobalt Insurance', contactName: 'Dana Reyes', billingAddress: '1 Harbor Way\nBoston, MA 02110' },
  caseName: 'Reyes v. Ortiz', fileNumber: 'F-2026-014',
  parties: [
    { role: 'plaintiff', name: 'Ann Lee' }, { role: 'insurer', name: 'Liberty Mutual Insurance Company' },
    { role: 'plaintiff', name: 'Bo Chan' }, { role: 'retaining_attorney', name: 'Jane Doe' },
  ],
  retainedSide: 'defense', claimNumber: 'CLM-77-1234', policyNumber: null, dateOfLoss: '2026-03-04',
  lossAddress: '123 Main Street, Springfield, IL 62701',
  rates: [{ jobType: 'Principal Engineer', rate: 275 }, { jobType: 'Field Technician', rate: 95.5 }],
  feeRules: [
    { type: 'minimum', kind: 'deposition', hours: 2 },
    { type: 'flat', kind: 'trial', halfDayUpToHours: 4, halfDayFee: '2000.00', fullDayFee: '3500.00' },
    { type: 'percent', kind: 'travel', percent: 50 },
    { type: 'cancellation', kind: 'deposition', tiers: [{ noticeUnderHours: 72, hours: 1 }, { noticeUnderHours: 48, hours: 2 }] },
  ],
  retainerRequested: 5000,
};

describe('letterValues', () => {
  it('words every fact of the case', () => {
    expect(letterValues(facts)).toEqual({
      today: 'November 29, 2026', firm_name: 'Hale & Ortiz Engineering', client: 'Cobalt Insurance', client_contact: 'Dana Reyes',
      client_address: '1 Harbor Way\nBoston, MA 02110', case_name: 'Reyes v. Ortiz', file_number: 'F-2026-014',
      parties: 'Retaining attorney: Jane Doe\nPlaintiff: Ann Lee; Bo Chan\nInsurer / carrier: Liberty Mutual Insurance Company',
      retained_side: 'Defense', claim_number: 'CLM-77-1234', policy_number: NOT_RECORDED, date_of_loss: '03/04/2026',
      loss_address: '123 Main Street, Springfield, IL 62701',
      rates: 'Principal Engineer: $275.00 per hour\nField Technician: $95.50 per hour', retainer_requested: '$5,000.00',
      fee_rules: [
        'Deposition: at least 2.0 h', 'Trial: half day (up to 4.0 h) $2,000.00, full day $3,500.00', 'Travel: at 50 % of the rate',
        'Deposition cancelled: notice under 48 h bills 2.0 h; notice under 72 h bills 1.0 h; later notice bills nothing',
      ].join('\n'),
    });
  });

  it.each<[string, Partial<LetterFacts>, Partial<LetterValues>]>([
    ['no contact: the client is addressed', { client: { name: 'Ann Lee', contactName: ' ', billingAddress: '' } },
      { client_contact: 'Ann Lee', client_address: NOT_RECORDED }],
    ['no side, claim, date or address', { retainedSide: null, claimNumber: '', dateOfLoss: null, lossAddress: '' },
      { retained_side: NOT_RECORDED, claim_number: NOT_RECORDED, date_of_loss: NOT_RECORDED, loss_address: NOT_RECORDED }],
    ['no retainer asked for', { retainerRequested: null }, { retainer_requested: NOT_RECORDED }],
    ['no fee rules', { feeRules: [] }, { fee_rules: 'No fee rules apply: time is billed as worked at the hourly rates.' }],
    ['a neutral expert', { retainedSide: 'neutral' }, { retained_side: 'Neutral / court-appointed' }],
  ])('%s', (_, change, expected) => {
    expect(letterValues({ ...facts, ...change })).toMatchObject(expected);
  });
});

describe('letter words', () => {
  it.each([['2026-01-05', 'January 5, 2026'], ['2026-12-31', 'December 31, 2026']])('%s → %s', (iso, text) => {
    expect(letterDate(iso)).toBe(text);
  });
  it('says when there are no parties or rates', () => {
    expect(partyLines([])).toBe('No parties are recorded yet.');
    expect(rateLines([])).toBe('No hourly rates are set for this case yet.');
  });
});
