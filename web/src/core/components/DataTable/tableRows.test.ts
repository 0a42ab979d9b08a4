import { buildDisplayRows, sortRows } from './tableRows';
import type { DataTableColumn } from './types';

interface Check {
  id: string;
  name: string;
  latency: number | null;
}
const columns: DataTableColumn<Check>[] = [
  { id: 'name', header: 'Name' },
  { id: 'latency', header: 'Latency' },
];
const rows: Check[] = [
  { id: '1', name: 'check-10', latency: 30 },
  { id: '2', name: 'check-2', latency: null },
  { id: '3', name: 'check-1', latency: 5 },
];

describe('sortRows', () => {
  it('sorts text naturally and numbers numerically, empties last in both directions', () => {
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, columns).map((r) => r.name)).toEqual(['check-1', 'check-2', 'check-10']);
    expect(sortRows(rows, { column: 'latency', direction: 'asc' }, columns).map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(sortRows(rows, { column: 'latency', direction: 'desc' }, columns).map((r) => r.id)).toEqual(['1', '3', '2']);
  });
});

describe('buildDisplayRows', () => {
  it('puts detail rows right after their expanded row', () => {
    const display = buildDisplayRows(rows, {
      getRowId: (r) => r.id,
      toggledGroups: new Set(),
      groupsExpandedByDefault: true,
      expandedRows: new Set(['2']),
      hasDetail: true,
    });
    expect(display.map((d) => d.id)).toEqual(['row:1', 'row:2', 'detail:2', 'row:3']);
  });
});
