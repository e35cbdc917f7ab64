// Wording for demo time entries, expenses and action items.

export interface WorkTemplate {
  description: string;
  workDetails: string;
  minHours: number;
  maxHours: number;
}

type Group = 'field' | 'estimate' | 'pm' | 'consult' | 'admin' | 'testimony';

const T = (description: string, workDetails: string, minHours: number, maxHours: number): WorkTemplate => ({
  description,
  workDetails,
  minHours,
  maxHours,
});

const WORK_TEMPLATES: Record<Group, WorkTemplate[]> = {
  field: [
    T('Site inspection of basement and first floor', 'workfile', 2, 6),
    T('Roof and attic inspection; photographed damaged sheathing', 'workfile', 1.5, 5),
    T('Moisture mapping of affected rooms with meter and thermal camera', 'workfile', 1, 4),
    T('Travel to and from site', 'tt/tf', 0.8, 3),
    T('Collected and bagged samples; logged into evidence storage', 'evidence stor.', 0.5, 2),
    T('Re-inspection after mitigation contractor removed drywall', 'workfile', 1.5, 4),
    T('Organized photo log and field notes', 'workfile', 0.5, 2),
    T('Measured and sketched floor plan of affected units', 'workfile', 1, 3.5),
  ],
  estimate: [
    T('Reviewed adjuster estimate', 'review', 0.5, 3),
    T('Prepared repair scope and Xactimate estimate', 'report', 2, 7),
    T('Compared contractor bids to scope of loss', 'review', 1, 3),
    T('Quantity takeoff from field measurements', 'workfile', 1, 4),
    T('Call with public adjuster re: disputed line items', 'tc', 0.3, 1),
    T('Researched local material and labor pricing', 'research', 0.5, 2),
  ],
  pm: [
    T('Scheduled site inspection with insured', 'calendar', 0.3, 0.8),
    T('Call with adjuster re: inspection access', 'tc', 0.3, 1),
    T('Email correspondence with counsel re: document production', 'email', 0.3, 1.2),
    T('Coordinated access with mitigation contractor', 'corr', 0.5, 1.5),
    T('Project status memo to file', 'memo', 0.5, 1.5),
    T('Updated project workfile and photo index', 'workfile', 0.5, 2),
  ],
  consult: [
    T("Reviewed engineering report by carrier's consultant", 'review', 1, 4),
    T('Drafted findings report', 'report', 2, 8),
    T('Researched building code requirements (IRC 2021, NJ edition)', 'research', 1, 3),
    T('Cause-and-origin analysis of roof framing failure', 'report', 1.5, 5),
    T('Call with counsel re: preliminary findings', 'tc', 0.3, 1.5),
    T('Peer review of draft report', 'review', 1, 3),
    T('Reviewed moisture readings and lab results', 'review', 0.5, 2),
    T('Reviewed weather data for date of loss', 'research', 0.5, 1.5),
  ],
  admin: [
    T('Opened file and set up workfile', 'workfile', 0.3, 1),
    T('Prepared invoice backup', 'expense', 0.5, 1.5),
    T('Formatted and issued final report', 'report', 0.5, 2),
    T('Logged incoming correspondence', 'corr', 0.3, 0.8),
    T('Calendared inspection and deposition dates', 'calendar', 0.3, 0.6),
    T('Sent engagement letter and retainer request', 'email', 0.3, 0.7),
  ],
  testimony: [
    T('Deposition preparation with counsel', 'memo', 2, 6),
    T("Reviewed opposing expert's report and rebuttal points", 'review', 2, 5),
    T('Deposition testimony', 'calendar', 3, 7.5),
    T('Prepared exhibits for deposition', 'report', 1, 3),
  ],
};

const JOB_GROUP: Record<string, Group> = {
  'Field Inspector': 'field',
  Estimator: 'estimate',
  'Project Manager': 'pm',
  'Senior Consultant': 'consult',
  Principal: 'consult',
  Administrative: 'admin',
  'Expert Testimony': 'testimony',
  'Deposition Preparation': 'testimony',
};

export function templatesFor(jobType: string): WorkTemplate[] {
  return WORK_TEMPLATES[JOB_GROUP[jobType] ?? 'consult'];
}

export interface ExpenseKind {
  type: string;
  weight: number;
  min: number;
  max: number;
  descriptions: string[];
}

export const EXPENSE_KINDS: ExpenseKind[] = [
  { type: 'Fuel', weight: 20, min: 24, max: 85, descriptions: ['Fuel for site visit', 'Fuel - round trip to site', 'Mileage fuel, company truck'] },
  { type: 'Parking', weight: 14, min: 8, max: 48, descriptions: ['Street parking at site', 'Garage parking near courthouse', 'Parking for joint inspection'] },
  { type: 'Food', weight: 11, min: 12, max: 68, descriptions: ['Lunch during all-day inspection', 'Working lunch with counsel', 'Crew lunch on site'] },
  { type: 'CpyScngPrntg', weight: 12, min: 6, max: 140, descriptions: ['Printed report binders (3 copies)', 'Scanned insured document production', 'Large-format plan printing'] },
  { type: 'Bus Trip Total', weight: 6, min: 12, max: 48, descriptions: ['NJ Transit round trip to Manhattan', 'Bus to deposition, round trip'] },
  { type: 'Rental Car', weight: 5, min: 65, max: 210, descriptions: ['Rental car for out-of-area inspection', 'One-day rental, company truck in shop'] },
  { type: 'Hotel', weight: 4, min: 139, max: 289, descriptions: ['Overnight stay for two-day inspection', 'Hotel near deposition venue'] },
  { type: 'Airfare', weight: 2, min: 240, max: 620, descriptions: ['Round-trip airfare for trial testimony'] },
  { type: 'Crew/Support', weight: 4, min: 250, max: 1200, descriptions: ['Laborers for destructive testing', 'Lift operator for roof access', 'Roofing crew to open test cuts'] },
  { type: 'Moisture meter rental', weight: 4, min: 45, max: 95, descriptions: ['Pin/pinless meter rental, one week'] },
  { type: 'Lab analysis - mold samples', weight: 3, min: 185, max: 420, descriptions: ['Air and tape-lift samples, 48 h turnaround'] },
];

type LocationKind = 'site' | 'firm' | 'office' | null;

export interface ActionTemplate {
  title: string;
  description: string;
  /** Minutes from start to end; omitted for items with no time. */
  minutes?: number;
  location?: LocationKind;
  online?: boolean;
}

export const OFFICE_LOCATION = 'Casebook office, 200 Broad St, Suite 310, Bloomfield, NJ 07003';

export const ACTION_TEMPLATES: ActionTemplate[] = [
  { title: 'Schedule re-inspection with insured', description: 'Call the insured to set a re-inspection date once the mitigation contractor has removed the wet drywall in the affected rooms.' },
  { title: 'Site inspection', description: 'Initial inspection of the loss. Bring moisture meter, thermal camera and ladder; confirm access with the property manager the day before.', minutes: 120, location: 'site' },
  { title: 'Send preliminary findings to counsel', description: 'Summarize the preliminary cause-and-origin findings in a short memo and e-mail it to counsel. Do not send the draft report yet.' },
  { title: "Request adjuster's estimate and photos", description: "E-mail the adjuster for the carrier's estimate, photo log and any prior engineering reports for this loss." },
  { title: 'Collect moisture readings after drying period', description: 'Return to record moisture readings at the same grid points as the first visit to confirm the structure has dried.', minutes: 60, location: 'site' },
  { title: 'Deposition', description: 'Deposition of our expert. Review the report, field notes and photo log beforehand; bring the original workfile.', minutes: 180, location: 'firm' },
  { title: 'Conference call with adjuster', description: 'Discuss scope differences between our estimate and the carrier estimate, line by line.', minutes: 30, online: true },
  { title: "Review contractor's repair proposal", description: "Compare the contractor's proposal against our repair scope and flag anything outside the scope of loss." },
  { title: 'Finalize and issue report', description: 'Incorporate peer review comments, add the photo appendix and issue the signed and sealed report.' },
  { title: 'Pull permit history from building department', description: 'Request the permit and inspection history for the property (OPRA/FOIL request if needed) to check prior roof and framing work.' },
  { title: 'Order lab analysis for mold samples', description: 'Ship air and tape-lift samples to the lab with the chain-of-custody form; request 48-hour turnaround.' },
  { title: 'Return rental moisture meter', description: 'Return the rented meter to the supply house and file the receipt under expenses.' },
  { title: 'Prepare invoice through month end', description: 'Review time and expenses on this project and prepare the invoice with backup for the client.' },
  { title: 'Obtain weather data for date of loss', description: 'Pull NOAA storm reports and hail/wind swath data for the date of loss and the week before.' },
  { title: "Joint inspection with carrier's engineer", description: "Attend the joint inspection with the carrier's engineer; document any destructive testing and split samples.", minutes: 120, location: 'site' },
  { title: 'Client meeting to review estimate', description: 'Walk the client through the repair estimate and the next steps in the claim.', minutes: 60, online: true },
  { title: 'Upload photo log to project workfile', description: 'Rename and caption the inspection photos and upload them to the project workfile.' },
  { title: 'Confirm attendance at mediation', description: "Confirm with counsel whether our expert's attendance is needed at the mediation and block the date.", minutes: 240, location: 'firm' },
  { title: 'Follow up on roof tarp installation', description: 'Confirm the emergency tarp was installed and photographed before the forecast storm.' },
  { title: "Review opposing expert's report", description: "Read the opposing expert's report and list points for rebuttal for counsel." },
  { title: 'Internal case review meeting', description: 'Review status, budget and open questions on this project with the team.', minutes: 45, location: 'office' },
];

export const MEETING_TIMES = ['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00', '15:00', '16:00'];
