import type { TCaseDetail, TCaseListItem } from '../../../core/api/clients.ts';
import { caseAddress } from '../../../core/cases/cases.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { iso, isoDay, toProject } from './mappers.ts';

/**
 * The nested read of SPEC §7 (case with client, rate code and projects) for a set of ids,
 * returned in the order of `ids`. Three queries whatever the number of cases.
 */
export async function loadCases(db: DbOrTx, ids: readonly string[]): Promise<TCaseDetail[]> {
  if (ids.length === 0) return [];
  const [rows, projects] = await Promise.all([
    db.selectFrom('cases')
      .innerJoin('clients', 'clients.id', 'cases.client_id')
      .leftJoin('rate_codes', 'rate_codes.id', 'cases.rate_code_id')
      .leftJoin('attorneys', 'attorneys.id', 'cases.attorney_id')
      .leftJoin('law_firms', 'law_firms.id', 'attorneys.law_firm_id')
      .select([
        'cases.id', 'cases.file_number', 'cases.case_name', 'cases.client_matter_id', 'cases.attorney_id', 'cases.attorney_name',
        'cases.created_at', 'cases.version', 'cases.client_id',
        'cases.retained_side', 'cases.claim_number', 'cases.policy_number', 'cases.date_of_loss',
        'clients.name as client_name', 'clients.contact_name', 'clients.is_business_client', 'clients.completion_percentage',
        'rate_codes.id as rc_id', 'rate_codes.name as rc_name', 'rate_codes.code as rc_code',
        'law_firms.name as law_firm_name',
      ])
      .where('cases.id', 'in', ids)
      .execute(),
    db.selectFrom('projects').selectAll().where('case_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const own = projects.filter((p) => p.case_id === id).map(toProject);
    return [{
      id: r.id,
      fileNumber: r.file_number,
      caseName: r.case_name,
      clientMatterId: r.client_matter_id,
      attorneyId: r.attorney_id,
      attorneyName: r.attorney_name,
      lawFirmName: r.law_firm_name ?? null,
      rateCode: r.rc_id ? { id: r.rc_id, name: r.rc_name!, code: r.rc_code! } : null,
      client: {
        id: r.client_id,
        name: r.client_name,
        contactName: r.contact_name,
        isBusinessClient: r.is_business_client,
        completionPercentage: r.completion_percentage,
      },
      address: caseAddress(own),
      projectCount: own.length,
      retainedSide: r.retained_side,
      claimNumber: r.claim_number,
      policyNumber: r.policy_number,
      dateOfLoss: isoDay(r.date_of_loss),
      createdAt: iso(r.created_at),
      version: r.version,
      projects: own,
    }];
  });
}

export function withoutProjects(c: TCaseDetail): TCaseListItem {
  const { projects: _projects, ...item } = c;
  return item;
}
