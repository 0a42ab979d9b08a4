import type { Pool } from 'pg';
import type { Principal } from '@gateway/core/auth/principal';
import type { AppConfig } from '@gateway/core/config/app-config';
import type { Db } from '@gateway/core/database/db.service';
import { DataApiService, type DataApiRequest } from './data-api.service';
import type { DataApiRegistry } from './resource-registry';
import { buildSchemaCache, type SchemaCache } from './schema-cache';
import { fakeCatalog, FAKE_RESOURCES, FAKE_RPCS, owned } from './testing/fake-schema';

/** The service over a fake pool that records each statement and answers one empty page. */
function service(schema: { current: SchemaCache }) {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const answer = async (config: string | { text: string; values: unknown[] }, values?: unknown[]) => {
    const statement = typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text, values: config.values };
    if (!statement.text.startsWith('SET ')) sent.push(statement);
    return { rows: [{ total: '100', page_total: 0, body: '[]' }], rowCount: 1 };
  };
  const client = { query: answer, once() {}, removeListener() {}, release() {} };
  const pool = { query: answer, connect: async () => client } as unknown as Pool;
  const registry = {
    get schema() {
      return schema.current;
    },
  } as unknown as DataApiRegistry;
  const api = new DataApiService(registry, { pool } as unknown as Db, { isEnabled: () => true }, {
    dataApi: { maxEmbedDepth: 4, maxResponseBytes: 1 << 20 },
  } as unknown as Pick<AppConfig, 'dataApi'>);
  return { api, sent };
}

const person = (personId: string, roles: Principal['roles']): Principal => ({ personId, email: `${personId}@x`, name: personId, roles, via: 'session' });
const request = (principal: Principal, queryString: string): DataApiRequest => ({ principal, queryString, prefer: 'count=exact' });

const RESOURCES = FAKE_RESOURCES.map((r) => (r.name === 'people' ? { ...r, restrictedColumns: { read: 'identities' as const, columns: ['avatar'] } } : r));
const schemaOf = (resources = RESOURCES) => buildSchemaCache(owned(resources), owned(FAKE_RPCS), fakeCatalog());

describe('DataApiService read statements', () => {
  it('reuses a statement only for the same roles: restricted columns never leak to a role that may not see them', async () => {
    const { api, sent } = service({ current: schemaOf() });
    const viewer = person('v', ['responder']);
    const admin = person('a', ['admin']);
    for (const who of [viewer, admin, viewer, admin]) await api.read('people', request(who, 'select=*'));
    const [v1, a1, v2, a2] = sent.map((s) => s.text);
    expect(v1).not.toContain('"avatar"');
    expect(a1).toContain('"avatar"');
    expect(v2).toBe(v1);
    expect(a2).toBe(a1);
  });

  it('builds a scoped resource for each principal: the scope is theirs', async () => {
    const { api, sent } = service({ current: schemaOf() });
    await api.read('my_incidents', request(person('alice', ['responder']), 'select=id'));
    await api.read('my_incidents', request(person('bob', ['responder']), 'select=id'));
    expect(sent[0].values).toContain('alice');
    expect(sent[1].values).toContain('bob');
    expect(sent[1].values).not.toContain('alice');
  });

  it('builds afresh when the schema is reloaded', async () => {
    const schema = { current: schemaOf() };
    const { api, sent } = service(schema);
    const reader = person('r', ['responder']);
    await api.read('config_items', request(reader, 'select=*'));
    expect(sent[0].text).toContain('"health"');
    schema.current = buildSchemaCache(
      owned(RESOURCES.map((r) => (r.name === 'config_items' ? { ...r, columns: ['id', 'name', 'type'] } : r))),
      owned(FAKE_RPCS),
      fakeCatalog(),
    );
    await api.read('config_items', request(reader, 'select=*'));
    expect(sent[1].text).not.toContain('"health"');
  });

  it('keeps the window and the count in the statement it reuses', async () => {
    const { api, sent } = service({ current: schemaOf() });
    const reader = person('r', ['responder']);
    await api.read('config_items', request(reader, 'select=id&limit=5'));
    await api.read('config_items', { ...request(reader, 'select=id&limit=5'), range: '2-3' });
    await api.read('config_items', { ...request(reader, 'select=id&limit=5'), prefer: undefined });
    expect(sent[0].values).toEqual([5]);
    expect(sent[1].values).toEqual([2, 2]);
    expect(sent[0].text).toContain('count(*) FROM');
    expect(sent[2].text).toContain('NULL::bigint');
  });
});
