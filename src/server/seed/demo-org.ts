// Builds the firm's demo people, rate codes, law firms, clients, cases and projects (rows only, no I/O).
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { manualAddress, type Address } from '../../core/address.ts';
import { customRateKey } from '../../core/rates.ts';
import type { Database } from '../db/types.ts';
import {
  BUSINESS_BUILDINGS, CARRIERS, CONTRACTORS, DEMO_CLIENTS, DEMO_DRAFT_CLIENTS, DEMO_LAW_FIRMS, DEMO_RATE_CODES,
  DEMO_USERS, PERSONAL_BUILDINGS, PLACES, PROJECT_KINDS, STREETS, userEmail,
  type DemoClient, type DemoUser, type ProjectKind,
} from './demo-data.ts';
import { dayAt, type Rng } from './demo-random.ts';

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface SeedUser extends DemoUser {
  id: string;
  email: string;
  name: string;
  initials: string;
}

interface SeedRateItem { job_type: string; rate: number; active: boolean }

interface SeedFirm { name: string; address: Address }
interface SeedAttorney { id: string; name: string; firm: SeedFirm }

export interface SeedCase {
  id: string;
  daysAgo: number;
  rateCode: string;
  items: SeedRateItem[];
  customRates: Record<string, number> | null;
  attorney: SeedAttorney | null;
  team: SeedUser[];
}

export interface SeedProject {
  id: string;
  case: SeedCase;
  index: number;
  createdDay: number;
  status: 'active' | 'on_hold' | 'closed';
  address: Address;
  propertyAddress: string;
}

export interface OrgRows {
  users: Row<'users'>[];
  profiles: Row<'profiles'>[];
  userRoles: Row<'user_roles'>[];
  rateCodes: Row<'rate_codes'>[];
  rateCodeItems: Row<'rate_code_items'>[];
  lawFirms: Row<'law_firms'>[];
  attorneys: Row<'attorneys'>[];
  clients: Row<'clients'>[];
  cases: Row<'cases'>[];
  caseRates: Row<'case_rate_assignments'>[];
  projects: Row<'projects'>[];
  people: SeedUser[];
  seedCases: SeedCase[];
  seedProjects: SeedProject[];
}

const COMPLETE_CASES = 40;
const FOLLOW_UP: Record<string, string> = {
  'Water Loss': 'Mold Assessment',
  'Fire Loss': 'Structural Assessment',
  'Wind Damage': 'Roof Inspection',
  'Roof Inspection': 'Structural Assessment',
};
const UNITS = ['Unit 1A', 'Unit 2B', 'Unit 3C', 'Apt 4D', 'Unit 101', 'Unit 204', 'Apt 3R'];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const json = (value: unknown) => JSON.stringify(value);

export function buildOrg(rng: Rng, today: Date, passwordHash: string): OrgRows {
  const rows: OrgRows = {
    users: [], profiles: [], userRoles: [], rateCodes: [], rateCodeItems: [], lawFirms: [], attorneys: [],
    clients: [], cases: [], caseRates: [], projects: [], people: [], seedCases: [], seedProjects: [],
  };

  // People -----------------------------------------------------------------------
  DEMO_USERS.forEach((u, i) => {
    const person: SeedUser = {
      ...u, id: randomUUID(), email: userEmail(u), name: `${u.first} ${u.last}`,
      initials: `${u.first[0] ?? ''}${u.last[0] ?? ''}`.toUpperCase(),
    };
    const created_at = dayAt(today, -420 + i * 4, 9);
    rows.people.push(person);
    rows.users.push({
      id: person.id, email: person.email, password_hash: passwordHash, role: null,
      first_name: u.first, last_name: u.last, disabled: u.disabled ?? false, created_at,
    });
    rows.profiles.push({
      id: person.id, email: person.email, display_name: person.name, initials: person.initials,
      role: u.profileRole, first_name: u.first, last_name: u.last, created_at,
    });
    rows.userRoles.push({ user_id: person.id, role: u.role });
  });
  const byKey = (key: string) => rows.people.find((p) => p.key === key) as SeedUser;

  // Rate codes -------------------------------------------------------------------
  const rateItems = new Map<string, { id: string; items: SeedRateItem[] }>();
  for (const rc of DEMO_RATE_CODES) {
    const id = randomUUID();
    rows.rateCodes.push({ id, name: rc.name, code: rc.code, created_at: dayAt(today, -400) });
    const items = rc.items.map((it) => ({ job_type: it.jobType, rate: it.rate, active: it.active ?? true }));
    rateItems.set(rc.code, { id, items });
    for (const it of items) rows.rateCodeItems.push({ rate_code_id: id, ...it, created_at: dayAt(today, -400) });
  }

  // Law firms and attorneys --------------------------------------------------------
  const attorneys: SeedAttorney[] = [];
  for (const f of DEMO_LAW_FIRMS) {
    const address = manualAddress({
      streetAddress1: f.street, streetAddress2: f.suite, city: f.place.city,
      stateCode: f.place.state, postalCode: f.place.zip,
    });
    const firmId = randomUUID();
    const firm: SeedFirm = { name: f.name, address };
    rows.lawFirms.push({ id: firmId, name: f.name, email: `info@${f.domain}`, phone: f.phone, address: json(address) });
    f.attorneys.forEach((name, i) => {
      const id = randomUUID();
      const [first = '', last = ''] = name.toLowerCase().split(' ');
      const phone = f.phone.replace(/\d{2}$/, pad(20 + i * 7, 2));
      rows.attorneys.push({ id, law_firm_id: firmId, name, email: `${first[0]}${last}@${f.domain}`, phone, address: null });
      attorneys.push({ id, name, firm });
    });
  }

  // Clients ------------------------------------------------------------------------
  const clientIds = DEMO_CLIENTS.map(() => randomUUID());
  const caseDays = Array.from({ length: COMPLETE_CASES }, (_, i) => 2 + i * 9 + rng.int(0, 6));
  const clientOfCase = rng.shuffle([...DEMO_CLIENTS.keys(), ...rng.shuffle([...DEMO_CLIENTS.keys()]).slice(0, 15)]);
  const creators = [byKey('dpark'), byKey('mhale'), byKey('kobrien')];
  const clientRow = (c: DemoClient, id: string, firstCaseDay: number): Row<'clients'> => {
    const [first = '', last = ''] = (c.contact ?? c.name).split(' ');
    const email = c.email !== undefined ? c.email
      : c.business ? `${first[0]}${last}@${slug(c.short)}.example`.toLowerCase()
      : `${first}.${last}@example.com`.toLowerCase();
    return {
      id, name: c.name, contact_name: c.business ? (c.contact ?? null) : null,
      last_name: c.business ? null : (c.name.split(' ').at(-1) ?? null), last_name_property: null,
      email, phone: c.phone || null, is_business_client: c.business, completion_percentage: c.completion ?? 100,
      created_by: rng.pick(creators).id, created_at: dayAt(today, -firstCaseDay - rng.int(0, 2), rng.int(8, 16), rng.int(0, 59)),
    };
  };
  DEMO_CLIENTS.forEach((c, ci) => {
    const first = Math.max(...caseDays.filter((_, i) => clientOfCase[i] === ci));
    rows.clients.push(clientRow(c, clientIds[ci] as string, first));
  });
  const draftIds = DEMO_DRAFT_CLIENTS.map(() => randomUUID());
  DEMO_DRAFT_CLIENTS.forEach((c, i) => rows.clients.push(clientRow(c, draftIds[i] as string, 1 + i * 3)));

  // Cases, oldest first so file numbers grow with creation time ------------------------
  let year = -1;
  let counter = 0;
  const nextFileNumber = (created: Date) => {
    const yy = created.getFullYear() % 100;
    if (yy !== year) counter = year === -1 ? 180 : 0;
    year = yy;
    counter += rng.int(1, 5);
    return `${pad(yy, 2)}-${pad(counter, 4)}`;
  };
  const limited = ['jwhitaker', 'praman', 'lmendoza', 'kobrien'].map(byKey);
  const leadFor: Record<string, string> = {
    'Water Loss': 'jwhitaker', 'Fire Loss': 'praman', 'Structural Assessment': 'praman', 'Roof Inspection': 'jwhitaker',
    'Mold Assessment': 'jwhitaker', 'Construction Defect': 'lmendoza', 'Wind Damage': 'kobrien',
  };
  const customCases = new Set(rng.shuffle([...Array(26).keys()].map((i) => i + 3)).slice(0, 4).concat(10));

  for (let i = COMPLETE_CASES - 1; i >= 0; i--) {
    const daysAgo = caseDays[i] as number;
    const client = DEMO_CLIENTS[clientOfCase[i] as number] as DemoClient;
    const created = dayAt(today, -daysAgo, rng.int(8, 17), rng.int(0, 59));
    const kind = rng.pick(PROJECT_KINDS);
    const r = rng.next();
    const rateCode = r < 0.28 ? 'LIT' : r < 0.65 ? 'INS' : 'STD';
    const rc = rateItems.get(rateCode) as { id: string; items: SeedRateItem[] };
    const attorney = rateCode === 'LIT' || rng.chance(0.45) ? rng.pick(attorneys) : null;
    const caseName = nameCase(rng, client, kind, attorney !== null);

    let customRates: Record<string, number> | null = null;
    if (customCases.has(i)) {
      customRates = {};
      const candidates = rc.items.filter((it) => it.active && it.job_type !== 'Administrative');
      for (const it of rng.shuffle(candidates).slice(0, rng.int(1, 2))) {
        customRates[customRateKey(it.job_type)] = Math.round((it.rate * rng.between(0.82, 0.93)) / 5) * 5;
      }
    }
    const lead = byKey(leadFor[kind.type] ?? 'praman');
    const team = [lead, rng.pick([byKey('mhale'), byKey('rkessler')])];
    if (rng.chance(0.5)) team.push(byKey('dpark'));
    if (rng.chance(0.5)) team.push(rng.pick(limited.filter((u) => u !== lead)));
    if (rng.chance(0.3)) team.push(byKey('treilly'));
    if (daysAgo > 100 && rng.chance(0.35)) team.push(byKey('gfitch'));

    const id = randomUUID();
    const fileNumber = nextFileNumber(created);
    const seedCase: SeedCase = { id, daysAgo, rateCode, items: rc.items, customRates, attorney, team };
    rows.seedCases.push(seedCase);
    rows.cases.push({
      id, client_id: clientIds[clientOfCase[i] as number] as string, file_number: fileNumber, case_name: caseName,
      rate_code_id: rc.id, attorney_id: attorney?.id ?? null, attorney_name: attorney?.name ?? null, created_at: created,
    });
    if (customRates) rows.caseRates.push({ case_id: id, custom_rates: json(customRates), updated_at: created });
    addProjects(rng, today, rows, seedCase, fileNumber, client, kind, created);
  }

  // The 80 % draft has a case with no projects yet.
  const draftCreated = dayAt(today, -1, 15, 20);
  rows.cases.push({
    id: randomUUID(), client_id: draftIds[3] as string, file_number: nextFileNumber(draftCreated),
    case_name: 'Summit Ridge HOA – Siding Failure', rate_code_id: rateItems.get('STD')?.id ?? null,
    attorney_id: null, attorney_name: null, created_at: draftCreated,
  });
  rows.seedCases.reverse(); // newest first: seedCases[0] is the most recent complete case
  return rows;
}

function nameCase(rng: Rng, client: DemoClient, kind: ProjectKind, hasAttorney: boolean): string {
  if (!client.business) {
    return hasAttorney && rng.chance(0.85)
      ? `${client.short} v. ${rng.pick(CARRIERS)} – ${kind.caseLabel}`
      : `${client.short} Residence – ${kind.caseLabel}`;
  }
  if (hasAttorney && rng.chance(0.5)) {
    const other = kind.type === 'Construction Defect' ? rng.pick(CONTRACTORS) : rng.pick(CARRIERS);
    return `${client.short} v. ${other} – ${kind.caseLabel}`;
  }
  return `${client.short} – ${kind.caseLabel}`;
}

function addProjects(
  rng: Rng, today: Date, rows: OrgRows, seedCase: SeedCase, fileNumber: string,
  client: DemoClient, kind: ProjectKind, caseCreated: Date,
) {
  const count = rng.weighted([1, 2, 3, 4], (n) => [0.3, 0.38, 0.22, 0.1][n - 1] as number);
  const place = rng.pick(PLACES);
  let street = rng.pick(STREETS);
  let number = rng.int(12, 980);
  let building = rng.pick(client.business ? BUSINESS_BUILDINGS : PERSONAL_BUILDINGS);
  let current = kind;
  const age = seedCase.daysAgo;
  for (let j = 0; j < count; j++) {
    if (j > 0) {
      const follow = FOLLOW_UP[current.type];
      const roll = rng.next();
      if (roll < 0.5) {
        // Same property, follow-up assessment (e.g. mold after a water loss).
        current = PROJECT_KINDS.find((k) => k.type === follow) ?? rng.pick(PROJECT_KINDS);
      } else if (roll < 0.75) {
        // The property next door.
        number += rng.pick([-6, -4, -2, 2, 4, 6, 8]);
        if (number < 2) number += 20;
      } else {
        street = rng.pick(STREETS);
        number = rng.int(12, 980);
        building = rng.pick(client.business ? BUSINESS_BUILDINGS : PERSONAL_BUILDINGS);
      }
    }
    const unit = (building === 'Condominium' || building === 'Multi-Family') && rng.chance(0.5) ? rng.pick(UNITS) : '';
    const address = manualAddress({
      streetAddress1: `${number} ${street}`, streetAddress2: unit, city: place.city, stateCode: place.state, postalCode: place.zip,
    });
    const propertyAddress = unit ? `${number} ${street}, ${unit}` : `${number} ${street}`;
    const createdDay = j === 0 ? -age : -age + rng.int(1, Math.min(20, Math.max(1, age - 1)));
    const created = j === 0 ? new Date(caseCreated.getTime() + rng.int(5, 90) * 60_000) : dayAt(today, createdDay, rng.int(8, 17), rng.int(0, 59));
    const status: SeedProject['status'] = rng.chance(0.03) ? 'on_hold'
      : age > 270 && rng.chance(0.6) ? 'closed'
      : age > 180 && rng.chance(0.2) ? 'closed' : 'active';
    const id = randomUUID();
    rows.seedProjects.push({ id, case: seedCase, index: j, createdDay, status, address, propertyAddress });
    rows.projects.push({
      id, case_id: seedCase.id, project_number: `${fileNumber}-${pad(j + 1, 2)}`,
      project_name: `${propertyAddress} - ${current.nameSuffix}`, property_address: propertyAddress,
      property_city_state_zip: `${place.city}, ${place.state} ${place.zip}`, address: json(address),
      project_type: current.type, building_type: building, status, is_primary_project: j === 0, created_at: created,
    });
  }
}
