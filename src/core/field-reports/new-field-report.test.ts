import { describe, expect, it } from 'vitest';
import { ZFieldReport, ZFieldReportContent } from '../api/field-reports.ts';
import { certifyLabel, createKey, createLabel, fieldChangeLabel } from './field-change.ts';
import { awaitsNumber, localReport, newReportContent, NO_FACTS } from './new-field-report.ts';
import { matchProjects } from '../time/project-match.ts';

const facts = { projectName: 'Smith basement', projectNumber: 'P-42', buildingOwner: 'Ann Smith', propertyAddress: '1 Main St, Springfield' };

describe('a new report', () => {
  it.each([['with the project facts', facts], ['without any', NO_FACTS]])('is filled in as the server stores it, %s', (_name, f) => {
    expect(newReportContent(f)).toEqual(ZFieldReportContent.parse(f));
  });
  it('made offline is a whole report without a number, with the person as inspector', () => {
    const report = localReport({
      id: '7d3c1f1e-5a0b-4c6f-9a44-1a2b3c4d5e6f', project: { id: 'a1b2c3d4-0000-4000-8000-000000000001', label: 'P-42 - Smith basement' },
      reportType: 'Initial Inspection', date: '2026-11-27', inspector: { id: 'u1', name: 'Ann Inspector' }, facts,
    });
    expect(ZFieldReport.parse(report)).toEqual(report);
    expect(report).toMatchObject({ reportNumber: '', displayNumber: '', version: 1, status: 'draft', inspectorId: 'u1' });
    expect(awaitsNumber(report)).toBe(true);
    expect(awaitsNumber({ reportNumber: '007' })).toBe(false);
  });
  it('is named in the queue before it has a number', () => {
    expect(fieldChangeLabel('', '/content/notes')).toBe('New report: Field notes');
    expect(certifyLabel('')).toBe('New report: Certification');
    expect(createLabel('P-42 - Smith basement')).toBe('New report: P-42 - Smith basement');
    expect(createKey('r1')).toBe('field-report:r1:create');
  });
});

const hit = (projectNumber: string, projectName: string, clientName: string, fileNumber = '') =>
  ({ id: projectNumber, projectNumber, projectName, clientName, fileNumber, caseName: '', label: `${projectNumber} - ${projectName}` });
const kept = [
  hit('P-100', 'Warehouse roof', 'Acme Storage', 'F-9'),
  hit('P-042', 'Smith basement', 'Ann Smith'),
  hit('P-007', 'Garage roof for Smith', 'Bob Jones'),
  hit('P-300', 'Office fit-out', 'Smithfield Ltd'),
  hit('P-200', 'Roof repair', 'Carl Roof'),
];

describe('the project search over kept projects (the server\'s ranking)', () => {
  it.each([
    ['finds nothing for no text', '  ', []],
    ['puts an exact project number first', 'p-042', ['P-042']],
    ['puts an exact file number first', 'F-9', ['P-100']],
    ['ranks names starting with the text, then other prefixes, then the rest', 'roof', ['P-200', 'P-007', 'P-100']],
    ['finds a client by part of its name', 'smith', ['P-042', 'P-300', 'P-007']],
    ['finds nothing when nothing contains the text', 'zzz', []],
  ])('%s', (_name, q, numbers) => {
    expect(matchProjects(kept, q).map((p) => p.projectNumber)).toEqual(numbers);
  });
  it('answers at most the picker\'s ten', () => {
    const many = Array.from({ length: 30 }, (_, i) => hit(`P-${String(i).padStart(3, '0')}`, 'Roof', 'X'));
    expect(matchProjects(many, 'roof')).toHaveLength(10);
  });
});
