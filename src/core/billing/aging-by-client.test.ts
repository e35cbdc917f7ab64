import { describe, expect, it } from 'vitest';
import { agingByClient, agingByClientCsv, agingByClientRows, agingParty } from './aging-by-client.ts';

const today = '2026-11-29';
const bill = (clientId: string, dueOn: string | null, balance: number, issuedOn: string | null = '2026-01-01') =>
  ({ clientId, clientName: clientId === 'a' ? 'Acme Holdings' : 'Cobalt Industries', dueOn, issuedOn, balance });

describe('A/R aging by client (issue 38)', () => {
  it('sums each client by days past due, the client owing most first, with the firm totals', () => {
    const r = agingByClient([
      bill('a', '2026-12-10', 100), bill('a', '2026-11-20', 200.1), bill('b', '2026-10-15', 300), bill('b', '2026-07-01', 1000),
      bill('a', '2026-09-20', 50), bill('b', null, 0), bill('a', null, 25, '2026-11-01'),
    ], today);
    expect(r.clients.map((c) => [c.clientName, c.bills, c.buckets, c.total])).toEqual([
      ['Cobalt Industries', 2, { current: 0, '1-30': 0, '31-60': 300, '61-90': 0, '90+': 1000 }, 1300],
      ['Acme Holdings', 4, { current: 100, '1-30': 225.1, '31-60': 0, '61-90': 50, '90+': 0 }, 375.1],
    ]);
    expect(r.totals).toEqual({ current: 100, '1-30': 225.1, '31-60': 300, '61-90': 50, '90+': 1000 });
    expect(r.total).toBe(1675.1);
    expect(agingByClientRows(r).at(-1)).toEqual(['Total', '6', '$100.00', '$225.10', '$300.00', '$50.00', '$1,000.00', '$1,675.10']);
  });

  it('writes a CSV a spreadsheet opens: BOM, header, a row per client, the totals, names quoted when needed', () => {
    const csv = agingByClientCsv(agingByClient([{ ...bill('a', '2026-11-20', 10), clientName: 'Hale, Ortiz & Co' }], today));
    expect(csv).toBe('\uFEFFClient,Bills,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total\r\n'
      + '"Hale, Ortiz & Co",1,0.00,10.00,0.00,0.00,0.00,10.00\r\nTotal,1,0.00,10.00,0.00,0.00,0.00,10.00\r\n');
  });

  it('has only the totals when nothing is owed', () => {
    const r = agingByClient([], today);
    expect(r.clients).toEqual([]);
    expect(agingByClientRows(r)).toEqual([['Total', '0', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00', '$0.00']]);
  });

  it('puts a bill to a deposing party under that party, never the retaining client (issue 40)', () => {
    const opposing = { key: 'firm-1', name: 'Opposing LLP' };
    const r = agingByClient([
      bill('a', '2026-11-20', 100), { ...bill('a', '2026-12-04', 600), payer: opposing }, { ...bill('b', '2026-10-15', 50), payer: opposing },
    ], today);
    expect(r.clients.map((c) => [c.clientId, c.clientName, c.bills, c.total])).toEqual([
      ['payer:firm-1', 'Opposing LLP', 2, 650], ['a', 'Acme Holdings', 1, 100],
    ]);
    expect(r.total).toBe(750);
    expect(agingParty({ clientId: 'a', clientName: 'Acme Holdings', payer: null })).toEqual({ id: 'a', name: 'Acme Holdings' });
  });
});
