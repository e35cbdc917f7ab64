import { describe, expect, it } from 'vitest';
import { ZFieldReportContent } from '../api/field-reports.ts';
import { fieldPaths } from './field-paths.ts';
import {
  ATTACHMENT_KINDS, ATTACHMENTS, displayNumber, FIELD_REPORT_MESSAGES, fieldLabel, nextReportNumber, REPORT_FIELDS, reportDateProblem, reportField,
} from './field-reports.ts';

describe('nextReportNumber', () => {
  it.each([
    [[], '001'],
    [['001', '002'], '003'],
    [['009', 'FR-012', 'misc'], '013'],
    [['999'], '1000'],
    [['A'], '001'],
  ])('%j → %s', (existing, expected) => {
    expect(nextReportNumber(existing)).toBe(expected);
  });
});

describe('displayNumber', () => {
  it.each([['003', 0, '003'], ['003', 1, '003-R1'], ['003', 2, '003-R2']])('%s rev %i', (n, r, expected) => {
    expect(displayNumber(n, r)).toBe(expected);
  });
});

describe('reportDateProblem', () => {
  const today = new Date(2026, 10, 23);
  it.each([
    ['2026-11-23', null],
    ['2017-01-01', null],
    ['2015-01-01', 'Date seems incorrect (>10 years from today)'],
    ['2037-01-01', 'Date seems incorrect (>10 years from today)'],
    ['2026-02-30', 'Invalid date format'],
    ['', 'Date is required'],
    ['11/23/2026', 'Invalid date format'],
  ])('%s', (iso, expected) => {
    expect(reportDateProblem(iso, today)).toBe(expected);
  });
});

describe('ATTACHMENTS', () => {
  it('lists the SPEC §9 checklist in its order, each with its stored kind and pages', () => {
    expect(ATTACHMENT_KINDS.map((k) => ATTACHMENTS[k].title)).toEqual(['Diagrams', 'Readings', 'Photos']);
    expect(ATTACHMENT_KINDS.map((k) => [ATTACHMENTS[k].kind, ATTACHMENTS[k].perPage])).toEqual([['diagram', 1], ['reading', 2], ['photo', 2]]);
  });
});

describe('the fields of a report', () => {
  const form = { projectId: '', reportType: 'Initial Inspection', reportNumber: '', date: '', inspectorId: null, content: ZFieldReportContent.parse({}) };

  it('labels every field of the form, so a refusal and a kept draft can name it', () => {
    expect(fieldPaths(form).filter((path) => !reportField(path))).toEqual([]);
    expect(Object.keys(REPORT_FIELDS).sort()).toEqual(fieldPaths(form).sort());
  });

  it.each([
    ['/content/damageSummary', 'Damage summary', 10_000],
    ['/content/habitability/notes', 'Habitability notes', 5000],
    ['/content/notes', 'Field notes', 50_000],
    ['/reportNumber', 'Report number', 40],
    ['/content/presentParties/0/name', 'Party 1 name', 200],
    ['/content/presentParties/11/company', 'Party 12 company', 200],
    ['/content/testing/acm/required', 'ACM required', undefined],
  ])('%s is %s, at most %s characters', (path, label, max) => {
    expect(reportField(path)).toEqual(max === undefined ? { label } : { label, max });
    expect(fieldLabel(path)).toBe(label);
  });

  it('the schema refuses past the same limits, naming the field', () => {
    const over = ZFieldReportContent.safeParse({
      damageSummary: 'x'.repeat(10_001), habitability: { notes: 'y'.repeat(5000) },
      presentParties: [{ name: 'Ann' }, { name: 'n'.repeat(201) }],
    });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['presentParties.1.name', 'Party 2 name has 201 characters; the limit is 200. Shorten it to save it.'],
      ['damageSummary', 'Damage summary has 10,001 characters; the limit is 10,000. Shorten it to save it.'],
    ]);
  });

  it.each([
    [['Damage summary'], 'Damage summary was not saved; everything else was saved.'],
    [['Damage summary', 'Field notes'], 'Damage summary and Field notes were not saved; everything else was saved.'],
    [['A', 'B', 'C'], 'A, B and C were not saved; everything else was saved.'],
  ])('partly saved %j', (labels, message) => expect(FIELD_REPORT_MESSAGES.partlySaved(labels)).toBe(message));
});
