import { describe, expect, it } from 'vitest';
import { actionItemsReportFileName, fieldReportFileName } from './file-names.ts';

const DATE = new Date(2025, 0, 5, 16, 30);

describe('actionItemsReportFileName', () => {
  it.each<[{ name: string; isBusinessClient: boolean } | null, string]>([
    [{ name: 'Jane Q. Smith', isBusinessClient: false }, 'Smith-ActionItemsReport-01-05-2025.pdf'],
    [{ name: '  Cher ', isBusinessClient: false }, 'Cher-ActionItemsReport-01-05-2025.pdf'],
    [{ name: 'Acme Roofing & Co., LLC', isBusinessClient: true }, 'AcmeRoofingCoLLC-ActionItemsReport-01-05-2025.pdf'],
    [{ name: '&&&', isBusinessClient: true }, 'ActionItems-ActionItemsReport-01-05-2025.pdf'],
    [{ name: '', isBusinessClient: false }, 'ActionItems-ActionItemsReport-01-05-2025.pdf'],
    [null, 'ActionItems-ActionItemsReport-01-05-2025.pdf'],
  ])('%j → %s', (client, expected) => {
    expect(actionItemsReportFileName(client, DATE)).toBe(expected);
  });
});

describe('fieldReportFileName', () => {
  it.each([
    ['Smith Residence - Water Loss', 'FR-3', 'SmithResidence-FieldReport-FR-3-01-05-2025.pdf'],
    ["O'Brien Bldg #2 - Fire - Phase 1", '12', 'OBrienBldg2-FieldReport-12-01-05-2025.pdf'],
    ['Main-Street Plaza', '1', 'MainStreetPlaza-FieldReport-1-01-05-2025.pdf'],
  ])('%j, %j → %s', (projectName, reportNumber, expected) => {
    expect(fieldReportFileName(projectName, reportNumber, DATE)).toBe(expected);
  });
});
