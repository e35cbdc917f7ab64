import type { TFieldReport, TFieldReportContent, TOfflineProject } from '../api/field-reports.ts';
import type { ReportType } from './field-reports.ts';

// A new field report (issue 26, docs/decisions/108): what the server fills in when it creates one,
// and the copy a browser shows when it creates one offline, until the server has given its number.

/** The project facts a new report copies into its content. */
export type ReportFacts = TOfflineProject['facts'];
export const NO_FACTS: ReportFacts = { projectName: '', projectNumber: '', buildingOwner: '', propertyAddress: '' };

/** A new report's content: the project's facts, every other field empty. */
export function newReportContent(facts: ReportFacts): TFieldReportContent {
  const test = () => ({ completed: false, required: false });
  return {
    projectName: facts.projectName, projectNumber: facts.projectNumber, buildingOwner: facts.buildingOwner, propertyAddress: facts.propertyAddress,
    presentParties: [], inspectionPurpose: '', causeOfLoss: '', areasInvolved: '', damageSummary: '',
    temporaryMeasures: { started: false, commence: '' },
    emergency: { emsRequired: false, emsFloors: false, emsWalls: false, emsCeilings: false },
    testing: { acm: test(), lead: test(), water: test(), materials: test() },
    habitability: { isHabitable: null, notes: '' },
    timeline: { estimated: '', returnOn: '', followUpWith: '' },
    notes: '',
  };
}

/**
 * The report as a browser shows it after creating it offline: what the server will make of the same
 * create (the person as inspector, version 1), but without a number yet. A stored report always
 * has one (ZReportNumber), so an empty number marks the local copy.
 */
export function localReport(options: {
  id: string; project: { id: string; label: string }; reportType: ReportType; date: string;
  inspector: { id: string; name: string }; facts: ReportFacts;
}): TFieldReport {
  const { id, project, inspector } = options;
  return {
    id, projectId: project.id, projectLabel: project.label, reportType: options.reportType, reportNumber: '', revision: 0, displayNumber: '',
    date: options.date, inspectorId: inspector.id, inspectorName: inspector.name, content: newReportContent(options.facts),
    status: 'draft', certifiedAt: null, certifiedByName: '', review: null, diagrams: [], readings: [], photos: [], revisions: [], fileName: '', version: 1,
  };
}

/** True while the report is the browser's copy of a create still waiting to be sent. */
export const awaitsNumber = (report: Pick<TFieldReport, 'reportNumber'>) => report.reportNumber === '';

/** How a report is named in the queue's list and the editor's title: 'Report 0007', or 'New report' before it has a number. */
export const reportName = (displayNumber: string) => (displayNumber ? `Report ${displayNumber}` : 'New report');
