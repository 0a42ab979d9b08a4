import { SEVERITY_FILTER_OPTIONS, listSeverityLabel } from './severity';
import { incidentListKey, DEFAULT_FILTERS } from './incidentListQuery';

describe('severity in the incident list', () => {
  it('shows Low merged into Medium', () => {
    expect(listSeverityLabel('low')).toBe('Medium');
    expect(listSeverityLabel('medium')).toBe('Medium');
    expect(listSeverityLabel('critical')).toBe('Critical');
  });

  it('offers All, critical, high, medium, low and Info as filters', () => {
    expect(SEVERITY_FILTER_OPTIONS.map((o) => o.label)).toEqual(['All', 'critical', 'high', 'medium', 'low', 'Info']);
  });
});

describe('incident list query', () => {
  const params = (key: string) => new URL(key, 'http://x').searchParams;

  it('asks the server for one page at a time', () => {
    expect(params(incidentListKey(DEFAULT_FILTERS)).get('limit')).toBe('50');
    expect(params(incidentListKey(DEFAULT_FILTERS)).get('offset')).toBe('0');
    const third = params(incidentListKey(DEFAULT_FILTERS, { pageIndex: 2, pageSize: 25 }));
    expect(third.get('limit')).toBe('25');
    expect(third.get('offset')).toBe('50');
  });

  it('filters open incidents by default and drops filters set to all', () => {
    const query = params(incidentListKey(DEFAULT_FILTERS));
    expect(query.get('status')).toBe('eq.open');
    expect(query.has('severity')).toBe(false);
    expect(query.has('type')).toBe(false);
    expect(query.has('hypotheses.evidences.component_id')).toBe(false);
  });

  it('filters by component through evidence with an inner embed, and searches titles', () => {
    const query = params(incidentListKey({ ...DEFAULT_FILTERS, status: 'all', severity: 'high', type: 'cost', component: 'c1', owner: 'p1', search: 'db' }));
    expect(query.get('select')).toContain('hypotheses!inner(id,evidences!inner(component_id))');
    expect(query.get('hypotheses.evidences.component_id')).toBe('eq.c1');
    expect(query.get('severity')).toBe('eq.high');
    expect(query.get('type')).toBe('eq.cost');
    expect(query.get('created_by')).toBe('eq.p1');
    expect(query.get('title')).toBe('ilike.*db*');
    expect(query.has('status')).toBe(false);
  });
});
