/**
 * A hand-written catalog for the unit specs of the data API (no database needed): incidents with
 * hypotheses, people referenced three times, teams, responders, a scoped resource and a function.
 */
import type { Principal } from '@gateway/core/auth/principal';
import type { Catalog, CatalogColumn, CatalogRelation } from '../catalog';
import type { DataApiResourceRegistration, DataApiRpcRegistration, Owned } from '../resource-registry';
import { buildSchemaCache, type SchemaCache } from '../schema-cache';
import type { BuildContext } from '../sql-builder';

const col = (name: string, type = 'text', extra: Partial<CatalogColumn> = {}): CatalogColumn => ({
  name,
  type,
  isArray: type.endsWith('[]'),
  isJson: type === 'jsonb' || type === 'json',
  nullable: true,
  hasDefault: false,
  generated: false,
  ...extra,
});

const table = (name: string, columns: CatalogColumn[], kind: 'table' | 'view' = 'table'): CatalogRelation => ({
  schema: 'public',
  name,
  kind,
  columns,
  primaryKey: kind === 'table' && columns.some((c) => c.name === 'id') ? ['id'] : [],
});

export function fakeCatalog(): Catalog {
  const relations = [
    table('people', [col('id', 'uuid'), col('name'), col('avatar'), col('password_hash')]),
    table('teams', [col('id', 'uuid'), col('name'), col('icon'), col('spec', 'jsonb')]),
    table('incidents', [
      col('id', 'uuid', { hasDefault: true }),
      col('title'),
      col('status'),
      col('severity'),
      col('labels', 'jsonb'),
      col('tags', 'text[]'),
      col('created_by', 'uuid'),
      col('commander_id', 'uuid'),
      col('communicator_id', 'uuid'),
      col('deleted_at', 'timestamp with time zone'),
      col('title_length', 'integer', { generated: true }),
    ]),
    table('hypotheses', [col('id', 'uuid'), col('incident_id', 'uuid'), col('parent_id', 'uuid'), col('title'), col('created_by', 'uuid')]),
    table('evidences', [col('id', 'uuid'), col('hypothesis_id', 'uuid'), col('component_id', 'uuid')]),
    table('responders', [
      col('id', 'uuid'),
      col('incident_id', 'uuid'),
      col('team_id', 'uuid'),
      col('person_id', 'uuid'),
      col('deleted_at', 'timestamp with time zone'),
    ]),
    table('incident_summary', [col('id', 'uuid'), col('title'), col('commander_id', 'uuid')], 'view'),
    table('config_items', [col('id', 'uuid'), col('name'), col('type'), col('health')]),
  ];
  const fk = (constraint: string, from: string, columns: string[], to: string, foreignColumns: string[]) => ({
    constraint,
    from: { schema: 'public', name: from },
    columns,
    to: { schema: 'public', name: to },
    foreignColumns,
  });
  return {
    relations: new Map(relations.map((r) => [`public.${r.name}`, r])),
    viewColumnUses: ['id', 'title', 'commander_id'].map((column) => ({
      view: { schema: 'public', name: 'incident_summary' },
      table: { schema: 'public', name: 'incidents' },
      column,
    })),
    foreignKeys: [
      fk('incidents_created_by_fkey', 'incidents', ['created_by'], 'people', ['id']),
      fk('incidents_commander_id_fkey', 'incidents', ['commander_id'], 'people', ['id']),
      fk('incidents_communicator_id_fkey', 'incidents', ['communicator_id'], 'people', ['id']),
      fk('hypotheses_incident_id_fkey', 'hypotheses', ['incident_id'], 'incidents', ['id']),
      fk('hypotheses_parent_id_fkey', 'hypotheses', ['parent_id'], 'hypotheses', ['id']),
      fk('evidences_hypothesis_id_fkey', 'evidences', ['hypothesis_id'], 'hypotheses', ['id']),
      fk('responders_incident_id_fkey', 'responders', ['incident_id'], 'incidents', ['id']),
      fk('responders_team_id_fkey', 'responders', ['team_id'], 'teams', ['id']),
      fk('responders_person_id_fkey', 'responders', ['person_id'], 'people', ['id']),
    ],
    functions: new Map([
      [
        'public.related_configs',
        [
          {
            schema: 'public',
            name: 'related_configs',
            args: [
              { name: 'config_id', type: 'uuid', hasDefault: false, variadic: false },
              { name: 'max_depth', type: 'integer', hasDefault: true, variadic: false },
            ],
            returnsSet: true,
            returnType: 'config_items',
            resultColumns: relations.find((r) => r.name === 'config_items')!.columns,
            returnsRelation: { schema: 'public', name: 'config_items' },
          },
        ],
      ],
    ]),
  };
}

export const FAKE_RESOURCES: DataApiResourceRegistration[] = [
  { name: 'people', read: 'incident', columns: ['id', 'name', 'avatar'] },
  { name: 'teams', read: 'incident', write: 'rbac' },
  { name: 'incidents', read: 'incident', write: 'incident' },
  { name: 'hypotheses', read: 'incident', write: 'incident' },
  { name: 'evidences', read: 'evidences', write: 'evidences' },
  { name: 'responders', read: 'responder', write: 'responder' },
  { name: 'config_items', read: 'canaries', write: 'canaries' },
  {
    name: 'incident_summary',
    read: 'incident',
    relations: [{ name: 'commander', resource: 'people', columns: ['commander_id'], foreignColumns: ['id'], cardinality: 'one' }],
  },
  {
    name: 'my_incidents',
    table: 'incidents',
    read: 'incident',
    write: 'incident',
    scope: (p) => ({ sql: 'created_by = $1 OR commander_id = $1', params: [p.personId] }),
  },
];

export const FAKE_RPCS: DataApiRpcRegistration[] = [{ name: 'related_configs', read: 'canaries' }];

export const owned = <T>(registrations: T[], owner = 'FakeProvider'): Owned<T>[] => registrations.map((registration) => ({ registration, owner }));

export function fakeSchema(): SchemaCache {
  return buildSchemaCache(owned(FAKE_RESOURCES), owned(FAKE_RPCS), fakeCatalog());
}

export const ALICE: Principal = {
  personId: '00000000-0000-4000-8000-0000000000a1',
  email: 'alice@test.local',
  name: 'Alice',
  roles: ['responder'],
  via: 'session',
};

export function fakeContext(): BuildContext {
  return { schema: fakeSchema(), principal: ALICE };
}
