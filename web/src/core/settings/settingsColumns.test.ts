import { sortFromParams } from './SettingsListPage';
import { settingsListKey } from './settingsApi';
import { tagsOf } from './settingsColumns';
import { settingsTableOf } from './settingsTables';

const table = (id: string, hiddenColumns?: ('schedule' | 'namespace')[]) =>
  settingsTableOf({ id, title: id, path: `/settings/${id}`, writePermission: { resource: 'database', action: 'write' }, hiddenColumns });

describe('settings list helpers', () => {
  it('shows tags when a record has them, else its labels, as key: value', () => {
    expect(tagsOf({ tags: ['a', 'b'], labels: { x: '1' } })).toEqual(['a', 'b']);
    expect(tagsOf({ tags: { env: 'prod' }, labels: { x: '1' } })).toEqual(['env: prod']);
    expect(tagsOf({ tags: {}, labels: { team: 'ops' } })).toEqual(['team: ops']);
    expect(tagsOf({ tags: null, labels: null })).toEqual([]);
  });

  it('reads the _with_status view except for incident_rules and connections (spec 03 §7)', () => {
    expect(table('topologies').view).toBe('topologies_with_status');
    expect(table('incident_rules').view).toBe('incident_rules');
    expect(table('connections').view).toBe('connections');
    expect(table('teams').hiddenColumns).toEqual(['schedule', 'namespace']);
  });

  it('sorts by a visible sortable column from the URL, else by name', () => {
    expect(sortFromParams(table('t', ['schedule']), 'namespace', 'true')).toEqual({ column: 'namespace', direction: 'desc' });
    expect(sortFromParams(table('t'), 'namespace', null)).toEqual({ column: 'name', direction: 'asc' });
    expect(sortFromParams(table('t'), 'tags', null)).toEqual({ column: 'name', direction: 'asc' });
    expect(sortFromParams(table('t'), 'created_at; drop', null)).toEqual({ column: 'name', direction: 'asc' });
  });

  it('asks for live rows, 100 a page, with the creator embedded', () => {
    const query = new URL(settingsListKey(table('teams'), { column: 'updated_at', direction: 'desc' }, 2), 'http://x');
    expect(query.pathname).toBe('/api/db/teams_with_status');
    expect(Object.fromEntries(query.searchParams)).toEqual({
      select: '*,created_by(id,name)',
      order: 'updated_at.desc,id.asc',
      deleted_at: 'is.null',
      limit: '100',
      offset: '200',
    });
  });
});
