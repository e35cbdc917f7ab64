import { describe, expect, it } from 'vitest';
import { manualAddress } from '../address.ts';
import {
  addressLine, caseAddress, draftResumePhase, cityStateZip, clientLabel, completionAfter, lastNameOf, likePattern, mergeCaseHits,
  projectAddressColumns, projectDisplayName, resumePhase,
} from './cases.ts';

const p = (propertyAddress: string | null, csz: string | null, isPrimaryProject: boolean, createdAt: string) =>
  ({ propertyAddress, propertyCityStateZip: csz, isPrimaryProject, createdAt });

describe('caseAddress', () => {
  it.each([
    ['no projects', [], ''],
    ['primary wins over first', [p('1 First St', 'Austin, TX 78701', false, '2026-01-01'), p('2 Second St', 'Dallas, TX 75201', true, '2026-02-01')], '2 Second St, Dallas, TX 75201'],
    ['first project when none is primary', [p('2 Late St', 'Waco, TX 76701', false, '2026-03-01'), p('1 Early St', 'Austin, TX 78701', false, '2026-01-01')], '1 Early St, Austin, TX 78701'],
    ['missing city part', [p('9 Elm', null, true, '2026-01-01')], '9 Elm'],
    ['missing street part', [p(null, 'Austin, TX 78701', true, '2026-01-01')], 'Austin, TX 78701'],
    ['blank address', [p('', '', true, '2026-01-01')], ''],
  ])('%s', (_name, projects, expected) => {
    expect(caseAddress(projects)).toBe(expected);
  });
});

describe('projectDisplayName', () => {
  it.each([
    ['', 'Unnamed Project'], ['   ', 'Unnamed Project'], [null, 'Unnamed Project'], [undefined, 'Unnamed Project'],
    ['Roof leak', 'Roof leak'], ['  Roof  ', 'Roof'],
  ])('%j → %s', (name, expected) => expect(projectDisplayName(name)).toBe(expected));
});

describe('completion by phase', () => {
  it.each([
    [0, 'client', 25], [25, 'case', 50], [50, 'project', 75], [75, 'review', 100],
    [75, 'client', 75], [100, 'case', 100], [50, 'case', 50],
  ] as const)('%i after saving %s → %i', (current, phase, expected) => expect(completionAfter(current, phase)).toBe(expected));

  it.each([[0, 'client'], [10, 'client'], [25, 'case'], [50, 'project'], [75, 'review'], [100, 'review']] as const)(
    'a draft at %i resumes at %s', (completion, phase) => expect(resumePhase(completion)).toBe(phase));
});

describe('draftResumePhase', () => {
  it.each([
    [{ completion: 25, hasName: true, hasCase: false, hasProject: false }, 'case'],
    [{ completion: 60, hasName: true, hasCase: false, hasProject: false }, 'case'],
    [{ completion: 80, hasName: true, hasCase: true, hasProject: true }, 'review'],
    [{ completion: 80, hasName: true, hasCase: true, hasProject: false }, 'project'],
    [{ completion: 20, hasName: true, hasCase: false, hasProject: false }, 'client'],
    [{ completion: 50, hasName: false, hasCase: true, hasProject: false }, 'client'],
  ] as const)('%j → %s', (d, expected) => expect(draftResumePhase(d)).toBe(expected));
});

describe('address columns', () => {
  const a = manualAddress({ streetAddress1: '12 Main St', streetAddress2: 'Suite 4', city: 'Springfield', stateCode: 'il', postalCode: '627011234' });
  it('splits street and city, state zip', () => {
    expect(projectAddressColumns(a)).toEqual({ propertyAddress: '12 Main St Suite 4', propertyCityStateZip: 'Springfield, IL 62701-1234' });
    expect(projectAddressColumns(null)).toEqual({ propertyAddress: null, propertyCityStateZip: null });
  });
  it.each([
    [{ city: 'Austin', stateCode: 'TX', postalCode: '78701' }, 'Austin, TX 78701'],
    [{ city: '', stateCode: 'TX', postalCode: '78701' }, 'TX 78701'],
    [{ city: 'Austin', stateCode: '', postalCode: '' }, 'Austin'],
  ])('cityStateZip %j', (parts, expected) => expect(cityStateZip(parts)).toBe(expected));
  it.each([[' 1 A St ', ' X, TX 1 ', '1 A St, X, TX 1'], [null, null, ''], ['1 A St', undefined, '1 A St']])(
    'addressLine %j %j', (a1, a2, expected) => expect(addressLine(a1, a2)).toBe(expected));
});

describe('names', () => {
  it.each([['Jane Q. Public', 'Public'], ['  Cher ', 'Cher'], ['', '']])('lastNameOf %j', (n, e) => expect(lastNameOf(n)).toBe(e));
  it.each([
    [{ name: 'Acme LLC', contactName: 'Bo Diaz', isBusinessClient: true }, 'Acme LLC (Bo Diaz)'],
    [{ name: 'Acme LLC', contactName: null, isBusinessClient: true }, 'Acme LLC'],
    [{ name: 'Jane Doe', contactName: 'Jane', isBusinessClient: false }, 'Jane Doe'],
    [{ name: '', contactName: null, isBusinessClient: false }, '(no name yet)'],
  ])('clientLabel %j', (c, e) => expect(clientLabel(c)).toBe(e));
});

describe('case search helpers', () => {
  it.each([['ab', '%ab%'], [' 50% ', '%50\\%%'], ['a_b', '%a\\_b%'], ['c:\\x', '%c:\\\\x%']])('likePattern %j', (q, e) =>
    expect(likePattern(q)).toBe(e));
  it('merges, de-duplicates and sorts newest first', () => {
    const a = [{ id: '1', createdAt: '2026-01-03' }, { id: '2', createdAt: '2026-01-01' }];
    const b = [{ id: '2', createdAt: '2026-01-01' }, { id: '3', createdAt: '2026-01-02' }];
    expect(mergeCaseHits(a, b).map((h) => h.id)).toEqual(['1', '3', '2']);
    expect(mergeCaseHits([], [])).toEqual([]);
  });
});
