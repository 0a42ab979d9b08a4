import type { Db } from '@gateway/core/database/db.service';
import type { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { DataApiRegistry, type DataApiResourceRegistration } from './resource-registry';
import { buildSchemaCache } from './schema-cache';
import { FAKE_RESOURCES, fakeCatalog, fakeSchema, owned } from './testing/fake-schema';

const build = (resources: DataApiResourceRegistration[]) => () => buildSchemaCache(owned(resources, 'IncidentsPlugin'), [], fakeCatalog());

describe('schema cache', () => {
  it('derives both directions of every foreign key between registered tables', () => {
    const schema = fakeSchema();
    const incidents = schema.resources.get('incidents')!;
    expect(incidents.relationships.filter((r) => r.target === 'people').map((r) => [r.cardinality, r.columns[0]])).toEqual([
      ['one', 'created_by'],
      ['one', 'commander_id'],
      ['one', 'communicator_id'],
    ]);
    expect(incidents.relationships.find((r) => r.target === 'hypotheses')).toMatchObject({
      cardinality: 'many',
      columns: ['id'],
      foreignColumns: ['incident_id'],
    });
  });

  it('embeds a table registered twice through the registration named like the table', () => {
    const hypotheses = fakeSchema().resources.get('hypotheses')!;
    expect(hypotheses.relationships.find((r) => r.cardinality === 'one' && r.targetTable === 'incidents')?.target).toBe('incidents');
  });

  it('hides hidden columns, keeps generated ones read-only and notes created_by', () => {
    const schema = fakeSchema();
    expect(schema.resources.get('people')!.columns.has('password_hash')).toBe(false);
    const incidents = schema.resources.get('incidents')!;
    expect(incidents.columns.has('title_length')).toBe(true);
    expect(incidents.writable.has('title_length')).toBe(false);
    expect(incidents.hasCreatedBy).toBe(true);
    expect(schema.resources.get('people')!.write).toBeNull();
  });

  it.each([
    ['a missing table', { name: 'nothing', read: 'incident' }, /maps to 'public.nothing', which does not exist/],
    ['a wrong kind', { name: 'incidents', kind: 'view', read: 'incident' }, /declared a view but 'public.incidents' is a table/],
    ['a missing readable column', { name: 'people', read: 'incident', columns: ['id', 'pw'] }, /lists column 'pw', which does not exist/],
    [
      'a secret-looking column without an allow-list',
      { name: 'people', read: 'incident' },
      /'password_hash', which look like secrets: declare the columns that may be read/,
    ],
    ['a generated writable column', { name: 'incidents', read: 'incident', writableColumns: ['title_length'] }, /'title_length' as writable/],
    [
      'a relation to an unregistered resource',
      { name: 'incident_summary', read: 'incident', relations: [{ name: 'x', resource: 'nope', columns: ['id'], foreignColumns: ['id'], cardinality: 'one' }] },
      /not a registered resource/,
    ],
  ] as Array<[string, DataApiResourceRegistration, RegExp]>)('fails the start on %s, naming the owner', (_, registration, message) => {
    expect(build([registration])).toThrow(message);
    expect(build([registration])).toThrow(/IncidentsPlugin/);
  });

  it('refuses rpc registrations that do not match the function', () => {
    const rpc = (args: string[]) => () =>
      buildSchemaCache(owned(FAKE_RESOURCES), owned([{ name: 'related_configs', read: 'canaries', args }], 'CatalogPlugin'), fakeCatalog());
    expect(rpc(['nope'])).toThrow(/allows argument 'nope'/);
    expect(rpc(['max_depth'])).toThrow(/must allow the required argument\(s\) config_id/);
    expect(rpc(['config_id'])).not.toThrow();
  });
});

describe('DataApiRegistry', () => {
  const registry = () => new DataApiRegistry({} as PluginHost, {} as Db);

  it('refuses a second registration of a name, naming both owners', () => {
    const r = registry();
    r.register({ name: 'incidents', read: 'incident' }, 'IncidentsPlugin');
    expect(() => r.register({ name: 'incidents', read: 'incident' }, 'OtherPlugin')).toThrow(
      "Data API resource 'incidents' is registered by both IncidentsPlugin and OtherPlugin",
    );
    r.registerRpc({ name: 'lookup', read: 'incident' }, 'IncidentsPlugin');
    expect(() => r.registerRpc({ name: 'lookup', read: 'incident' }, 'OtherPlugin')).toThrow(/both IncidentsPlugin and OtherPlugin/);
  });

  it('refuses names that are not URL-safe and unknown RBAC resources or features', () => {
    const r = registry();
    expect(() => r.register({ name: 'in cidents', read: 'incident' })).toThrow(/letters, digits and _/);
    expect(() => r.register({ name: 'x', read: 'nope' as never })).toThrow(/unknown RBAC resource 'nope'/);
    expect(() => r.register({ name: 'x', read: 'incident', feature: 'nope' as never })).toThrow(/unknown feature 'nope'/);
  });

  it('answers 503 until the catalog has been read', () => {
    expect(() => registry().schema).toThrow(expect.objectContaining({ status: 503, code: 'PGRST002' }));
  });
});

describe('relationships of views', () => {
  it('inherits the foreign keys of base columns the view passes through, besides declared relations', () => {
    const summary = fakeSchema().resources.get('incident_summary')!;
    const described = summary.relationships.map((r) => `${r.name ?? r.constraint}:${r.cardinality}:${r.target}:${r.columns}->${r.foreignColumns}`);
    expect(described).toEqual(
      expect.arrayContaining([
        'incidents_commander_id_fkey:one:people:commander_id->id',
        'hypotheses_incident_id_fkey:many:hypotheses:id->incident_id',
        'responders_incident_id_fkey:many:responders:id->incident_id',
        'commander:one:people:commander_id->id',
      ]),
    );
    // created_by is not a column of the view, so that foreign key does not carry over.
    expect(described.some((d) => d.includes('created_by'))).toBe(false);
  });
});
