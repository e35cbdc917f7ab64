// Static reference data for the demo seed (people, firms, rate codes, clients, places).
// Everything here is fictitious; e-mail domains are reserved test/example domains.

export type DataRole = 'super_admin' | 'admin' | 'limited_user';
type ProfileRole = 'Administrator' | 'Admin Assistant' | 'User';

export interface DemoUser {
  key: string;
  first: string;
  last: string;
  role: DataRole;
  profileRole: ProfileRole;
  /** Job types this person usually bills, best first. */
  jobTypes: string[];
  disabled?: boolean;
  /** Last day (relative to today) this person logged time; for people who have left. */
  lastWorkedDay?: number;
}

export const DEMO_USERS: DemoUser[] = [
  { key: 'mhale', first: 'Margaret', last: 'Hale', role: 'super_admin', profileRole: 'Administrator', jobTypes: ['Principal', 'Expert Testimony'] },
  { key: 'rkessler', first: 'Robert', last: 'Kessler', role: 'super_admin', profileRole: 'Administrator', jobTypes: ['Principal', 'Senior Consultant'] },
  { key: 'dpark', first: 'Denise', last: 'Park', role: 'admin', profileRole: 'Admin Assistant', jobTypes: ['Administrative'] },
  { key: 'treilly', first: 'Thomas', last: 'Reilly', role: 'admin', profileRole: 'User', jobTypes: ['Project Manager', 'Senior Consultant'] },
  { key: 'jwhitaker', first: 'James', last: 'Whitaker', role: 'limited_user', profileRole: 'User', jobTypes: ['Field Inspector'] },
  { key: 'praman', first: 'Priya', last: 'Raman', role: 'limited_user', profileRole: 'User', jobTypes: ['Senior Consultant', 'Deposition Preparation'] },
  { key: 'lmendoza', first: 'Luis', last: 'Mendoza', role: 'limited_user', profileRole: 'User', jobTypes: ['Estimator', 'Field Inspector'] },
  { key: 'kobrien', first: 'Karen', last: "O'Brien", role: 'limited_user', profileRole: 'User', jobTypes: ['Project Manager', 'Administrative'] },
  { key: 'gfitch', first: 'Gary', last: 'Fitch', role: 'limited_user', profileRole: 'User', jobTypes: ['Field Inspector'], disabled: true, lastWorkedDay: -75 },
];

export function userEmail(u: Pick<DemoUser, 'first' | 'last'>): string {
  return `${u.first}.${u.last}@casebook.test`.toLowerCase().replace(/'/g, '');
}

export interface DemoRateCode {
  name: string;
  code: string;
  items: { jobType: string; rate: number; active?: boolean }[];
}

export const DEMO_RATE_CODES: DemoRateCode[] = [
  {
    name: 'Standard 2026',
    code: 'STD',
    items: [
      { jobType: 'Principal', rate: 295 },
      { jobType: 'Senior Consultant', rate: 225 },
      { jobType: 'Project Manager', rate: 175 },
      { jobType: 'Field Inspector', rate: 145 },
      { jobType: 'Estimator', rate: 135 },
      { jobType: 'Administrative', rate: 75 },
    ],
  },
  {
    name: 'Insurance Carrier',
    code: 'INS',
    items: [
      { jobType: 'Principal', rate: 265 },
      { jobType: 'Senior Consultant', rate: 195 },
      { jobType: 'Project Manager', rate: 160 },
      { jobType: 'Field Inspector', rate: 125 },
      { jobType: 'Estimator', rate: 120 },
      { jobType: 'Administrative', rate: 65 },
      { jobType: 'Travel Time', rate: 85, active: false },
    ],
  },
  {
    name: 'Litigation Support',
    code: 'LIT',
    items: [
      { jobType: 'Principal', rate: 375 },
      { jobType: 'Senior Consultant', rate: 285 },
      { jobType: 'Expert Testimony', rate: 525 },
      { jobType: 'Deposition Preparation', rate: 395 },
      { jobType: 'Field Inspector', rate: 165 },
      { jobType: 'Administrative', rate: 85 },
    ],
  },
];

export interface Place {
  city: string;
  state: 'NJ' | 'NY';
  zip: string;
}

export const PLACES: Place[] = [
  { city: 'Montclair', state: 'NJ', zip: '07042' },
  { city: 'Maplewood', state: 'NJ', zip: '07040' },
  { city: 'Westfield', state: 'NJ', zip: '07090' },
  { city: 'Summit', state: 'NJ', zip: '07901' },
  { city: 'Ridgewood', state: 'NJ', zip: '07450' },
  { city: 'Hoboken', state: 'NJ', zip: '07030' },
  { city: 'Jersey City', state: 'NJ', zip: '07302' },
  { city: 'Morristown', state: 'NJ', zip: '07960' },
  { city: 'Red Bank', state: 'NJ', zip: '07701' },
  { city: 'Princeton', state: 'NJ', zip: '08540' },
  { city: 'Cranford', state: 'NJ', zip: '07016' },
  { city: 'Fort Lee', state: 'NJ', zip: '07024' },
  { city: 'Toms River', state: 'NJ', zip: '08753' },
  { city: 'Hackensack', state: 'NJ', zip: '07601' },
  { city: 'Bayonne', state: 'NJ', zip: '07002' },
  { city: 'New Rochelle', state: 'NY', zip: '10801' },
  { city: 'White Plains', state: 'NY', zip: '10601' },
  { city: 'Yonkers', state: 'NY', zip: '10701' },
  { city: 'Staten Island', state: 'NY', zip: '10314' },
  { city: 'Brooklyn', state: 'NY', zip: '11215' },
  { city: 'Scarsdale', state: 'NY', zip: '10583' },
  { city: 'Long Beach', state: 'NY', zip: '11561' },
];

export const STREETS = [
  'Maple Ave', 'Park St', 'Bloomfield Ave', 'Valley Rd', 'Orange Rd', 'Elm St', 'Washington St',
  'Hudson St', 'Broad St', 'Ridgewood Ave', 'Springfield Ave', 'Main St', 'Prospect St', 'Union Ave',
  'Grove St', 'Chestnut St', 'Highland Ave', 'Lincoln Ave', 'Church St', 'Franklin Ave', 'Ocean Ave',
  '7th Ave', 'Mamaroneck Ave', 'Palisade Ave', 'Oak Ridge Rd', 'Sycamore Ln', 'Lakeview Dr', 'Bergen Blvd',
];

export interface DemoLawFirm {
  name: string;
  domain: string;
  phone: string;
  street: string;
  suite: string;
  place: Place;
  attorneys: string[];
}

export const DEMO_LAW_FIRMS: DemoLawFirm[] = [
  {
    name: 'Whitmore & Castellano LLP', domain: 'whitmorecastellano.example', phone: '(973) 555-0142',
    street: '1 Gateway Center', suite: 'Suite 2100', place: { city: 'Newark', state: 'NJ', zip: '07102' },
    attorneys: ['Anthony Castellano', 'Rebecca Whitmore', 'Kevin Doyle'],
  },
  {
    name: 'Brennan Sato Partners', domain: 'brennansato.example', phone: '(212) 555-0187',
    street: '250 Park Ave S', suite: '12th Floor', place: { city: 'New York', state: 'NY', zip: '10003' },
    attorneys: ['Michael Brennan', 'Naomi Sato'],
  },
  {
    name: 'Fairleigh Goldstein & Ruiz', domain: 'fgrlaw.example', phone: '(201) 555-0163',
    street: '411 Hackensack Ave', suite: 'Suite 700', place: { city: 'Hackensack', state: 'NJ', zip: '07601' },
    attorneys: ['Laura Goldstein', 'Hector Ruiz', 'Sean McAllister'],
  },
  {
    name: 'Delgado Pierce LLC', domain: 'delgadopierce.example', phone: '(973) 555-0119',
    street: '55 Madison Ave', suite: 'Suite 400', place: { city: 'Morristown', state: 'NJ', zip: '07960' },
    attorneys: ['Carmen Delgado', 'William Pierce'],
  },
  {
    name: 'Ashford Lyons Kramer PC', domain: 'alklaw.example', phone: '(914) 555-0175',
    street: '120 Bloomingdale Rd', suite: 'Suite 300', place: { city: 'White Plains', state: 'NY', zip: '10605' },
    attorneys: ['Elizabeth Ashford', 'Jonathan Kramer', 'Dana Lyons'],
  },
];

export interface DemoClient {
  name: string;
  /** Business clients: short name used in case names; personal clients: last name. */
  short: string;
  contact?: string;
  business: boolean;
  phone: string;
  /** Set for drafts (below 100 %). */
  completion?: number;
  email?: string | null;
}

export const DEMO_CLIENTS: DemoClient[] = [
  { name: 'Harborview Property Management LLC', short: 'Harborview', contact: 'Stephen Marino', business: true, phone: '(201) 555-0110' },
  { name: 'Garden State Realty Partners', short: 'Garden State Realty', contact: 'Angela Russo', business: true, phone: '(732) 555-0121' },
  { name: 'Passaic Valley Condominium Association', short: 'Passaic Valley Condo Assn.', contact: 'Frank DeLuca', business: true, phone: '(973) 555-0133' },
  { name: 'Meridian Commercial Holdings LLC', short: 'Meridian', contact: 'Rachel Kim', business: true, phone: '(212) 555-0144' },
  { name: 'Bayonne Terminal Storage Inc.', short: 'Bayonne Terminal', contact: 'Victor Pellegrino', business: true, phone: '(201) 555-0156' },
  { name: 'Hudson Crest Apartments LLC', short: 'Hudson Crest', contact: 'Olivia Grant', business: true, phone: '(201) 555-0167' },
  { name: "St. Brigid's Parish", short: "St. Brigid's", contact: 'Thomas Keane', business: true, phone: '(908) 555-0178' },
  { name: 'Northgate Retail Center LP', short: 'Northgate', contact: 'Samuel Adler', business: true, phone: '(914) 555-0189' },
  { name: 'Ironbound Bakery & Cafe LLC', short: 'Ironbound Bakery', contact: 'Maria Santos', business: true, phone: '(973) 555-0191' },
  { name: 'Westchester Montessori School', short: 'Westchester Montessori', contact: 'Janet Liu', business: true, phone: '(914) 555-0102' },
  { name: 'Daniel Ortiz', short: 'Ortiz', business: false, phone: '(973) 555-0213' },
  { name: 'Susan Whitfield', short: 'Whitfield', business: false, phone: '(908) 555-0224' },
  { name: 'Raymond Castillo', short: 'Castillo', business: false, phone: '(201) 555-0235' },
  { name: 'Jennifer Kowalski', short: 'Kowalski', business: false, phone: '(732) 555-0246' },
  { name: 'Ahmed Hassan', short: 'Hassan', business: false, phone: '(201) 555-0257' },
  { name: 'Linda Marchetti', short: 'Marchetti', business: false, phone: '(718) 555-0268' },
  { name: 'Christopher Boyd', short: 'Boyd', business: false, phone: '(973) 555-0279' },
  { name: 'Mei-Ling Chen', short: 'Chen', business: false, phone: '(914) 555-0281' },
  { name: 'Patrick Sullivan', short: 'Sullivan', business: false, phone: '(516) 555-0292' },
  { name: 'Gloria Ramirez', short: 'Ramirez', business: false, phone: '(201) 555-0203' },
  { name: 'David Goldberg', short: 'Goldberg', business: false, phone: '(914) 555-0214' },
  { name: 'Nicole Fitzgerald', short: 'Fitzgerald', business: false, phone: '(732) 555-0225' },
  { name: 'Anthony Romano', short: 'Romano', business: false, phone: '(718) 555-0236' },
  { name: 'Elaine Baptiste', short: 'Baptiste', business: false, phone: '(973) 555-0247' },
  { name: 'Kevin Murphy', short: 'Murphy', business: false, phone: '(908) 555-0258' },
];

/** Incomplete client drafts; only the 80 % one has a case (and that case has no projects). */
export const DEMO_DRAFT_CLIENTS: DemoClient[] = [
  { name: 'Patricia Nguyen', short: 'Nguyen', business: false, phone: '', completion: 20, email: null },
  { name: 'Oakwood Builders Supply', short: 'Oakwood', contact: 'Dennis Hart', business: true, phone: '', completion: 40, email: null },
  { name: 'Jerome Watkins', short: 'Watkins', business: false, phone: '(973) 555-0269', completion: 60 },
  { name: 'Summit Ridge Homeowners Association', short: 'Summit Ridge HOA', contact: 'Carol Bennett', business: true, phone: '(908) 555-0271', completion: 80 },
];

export const CARRIERS = [
  'Allstate', 'State Farm', 'Travelers', 'Liberty Mutual', 'Chubb', 'NJM', 'Selective', 'Hartford',
  'Plymouth Rock', 'Nationwide', 'Farmers', 'Erie Insurance',
];

export const CONTRACTORS = ['Apex Builders', 'Keystone Roofing', 'Tri-County Construction', 'Summit Restoration'];

export interface ProjectKind {
  type: string;
  /** Suffix of the project name ("123 Maple Ave - Water Damage"). */
  nameSuffix: string;
  /** Loss label in case names ("Ortiz v. Allstate – Water Loss"). */
  caseLabel: string;
}

export const PROJECT_KINDS: ProjectKind[] = [
  { type: 'Water Loss', nameSuffix: 'Water Damage', caseLabel: 'Water Loss' },
  { type: 'Fire Loss', nameSuffix: 'Fire Damage', caseLabel: 'Fire Loss' },
  { type: 'Structural Assessment', nameSuffix: 'Structural Assessment', caseLabel: 'Structural Cracking' },
  { type: 'Roof Inspection', nameSuffix: 'Roof Inspection', caseLabel: 'Roof Collapse' },
  { type: 'Mold Assessment', nameSuffix: 'Mold Assessment', caseLabel: 'Mold Claim' },
  { type: 'Construction Defect', nameSuffix: 'Construction Defects', caseLabel: 'Construction Defect' },
  { type: 'Wind Damage', nameSuffix: 'Wind Damage', caseLabel: 'Storm Damage' },
];

export const BUSINESS_BUILDINGS = ['Commercial', 'Multi-Family', 'Mixed Use', 'Condominium'];
export const PERSONAL_BUILDINGS = ['Single Family', 'Single Family', 'Single Family', 'Condominium', 'Multi-Family'];
