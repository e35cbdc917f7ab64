// Evidence's query keys (keys only, importing nothing).
export const evidenceKeys = {
  all: ['evidence'] as const,
  ofCase: (caseId: string) => ['evidence', 'case', caseId] as const,
  item: (id: string) => ['evidence', 'item', id] as const,
  fieldReportPhotos: (caseId: string) => ['evidence', 'field-report-photos', caseId] as const,
};
