import { Injectable } from '@nestjs/common';
import type { ConnectionView } from '@contracts';
import { ConnectionStore, CONNECTION_TESTS, type ConnectionRequirement, type ConnectionTest } from '@gateway/core/connections';
import { Db } from '@gateway/core/database/db.service';
import { DomainError, badRequest, notFound } from '@gateway/core/http/domain-error';
import { asDomainError, type DbErrorMessages } from '@gateway/core/database/db-errors';
import { PluginHost } from '@gateway/core/plugin-host/plugin-host.service';
import { CONNECTION_TYPE_PATTERN, GENERIC_CONNECTION_TYPES } from './connection-types';
import type { CreateConnectionDto, UpdateConnectionDto } from './dto/connection.dto';

/** The API's shape of a connection (secrets never, only whether they are set). */
export type { ConnectionView };

export const NOT_TESTABLE = 'We currently do not support testing this connection type';

const COLUMNS = `id, name, namespace, type, url, username, insecure_tls, properties, source, created_by, created_at, updated_at,
  password is not null as password_set, certificate is not null as certificate_set,
  (select json_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) from people p where p.id = connections.created_by) as creator`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Candidate {
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password_set: boolean;
  certificate_set: boolean;
  properties: Record<string, string>;
}

@Injectable()
export class ConnectionsService {
  constructor(
    private readonly db: Db,
    private readonly store: ConnectionStore,
    private readonly plugins: PluginHost,
  ) {}

  list(): Promise<ConnectionView[]> {
    return this.db.query<ConnectionView>(`select ${COLUMNS} from connections where deleted_at is null order by name, namespace`);
  }

  async get(id: string): Promise<ConnectionView> {
    if (!UUID.test(id)) throw notFound('Connection not found');
    const row = await this.db.one<ConnectionView>(`select ${COLUMNS} from connections where id = $1 and deleted_at is null`, [id]);
    if (!row) throw notFound('Connection not found');
    return row;
  }

  async create(input: CreateConnectionDto, createdBy: string): Promise<ConnectionView> {
    const candidate: Candidate = {
      name: input.name?.trim() ?? '',
      namespace: input.namespace?.trim() || 'default',
      type: input.type?.trim() ?? '',
      url: blankToNull(input.url),
      username: blankToNull(input.username),
      password_set: !!input.password,
      certificate_set: !!input.certificate,
      properties: normaliseProperties(input.properties),
    };
    this.validate(candidate);
    const key = this.store.sealKey();
    try {
      const row = await this.db.one<{ id: string }>(
        `insert into connections (name, namespace, type, url, username, password, certificate, insecure_tls, properties, created_by)
         values ($1, $2, $3, $4, $5, ${this.store.sealSql(6, 11)}, ${this.store.sealSql(7, 11)}, $8, $9, $10) returning id`,
        [
          candidate.name,
          candidate.namespace,
          candidate.type,
          candidate.url,
          candidate.username,
          input.password || null,
          input.certificate || null,
          input.insecure_tls ?? false,
          JSON.stringify(candidate.properties),
          createdBy,
          key,
        ],
      );
      return this.get(row!.id);
    } catch (error) {
      throw asDomainError(error, duplicate(candidate));
    }
  }

  async update(id: string, input: UpdateConnectionDto): Promise<ConnectionView> {
    const current = await this.get(id);
    const has = (k: keyof UpdateConnectionDto) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
    // Secrets: missing or '' keeps the stored value; null clears it; a string replaces it.
    const password = secretChange(input.password);
    const certificate = secretChange(input.certificate);
    const candidate: Candidate = {
      name: has('name') ? (input.name?.trim() ?? '') : current.name,
      namespace: has('namespace') ? input.namespace?.trim() || 'default' : current.namespace,
      type: has('type') ? (input.type?.trim() ?? '') : current.type,
      url: has('url') || input.url === null ? blankToNull(input.url) : current.url,
      username: has('username') || input.username === null ? blankToNull(input.username) : current.username,
      password_set: password.kind === 'keep' ? current.password_set : password.kind === 'set',
      certificate_set: certificate.kind === 'keep' ? current.certificate_set : certificate.kind === 'set',
      properties: has('properties') ? normaliseProperties(input.properties) : current.properties,
    };
    this.validate(candidate);
    try {
      await this.db.query(
        `update connections set name = $2, namespace = $3, type = $4, url = $5, username = $6,
                password = case when $7::boolean then ${this.store.sealSql(8, 12)} else password end,
                certificate = case when $9::boolean then ${this.store.sealSql(10, 12)} else certificate end,
                insecure_tls = $11, properties = $13, updated_at = now()
          where id = $1 and deleted_at is null`,
        [
          id,
          candidate.name,
          candidate.namespace,
          candidate.type,
          candidate.url,
          candidate.username,
          password.kind !== 'keep',
          password.kind === 'set' ? password.value : null,
          certificate.kind !== 'keep',
          certificate.kind === 'set' ? certificate.value : null,
          input.insecure_tls ?? current.insecure_tls,
          this.store.sealKey(),
          JSON.stringify(candidate.properties),
        ],
      );
    } catch (error) {
      throw asDomainError(error, duplicate(candidate));
    }
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw notFound('Connection not found');
    const rows = await this.db.query(`update connections set deleted_at = now() where id = $1 and deleted_at is null returning id`, [id]);
    if (!rows.length) throw notFound('Connection not found');
  }

  /** Dials the peer with the stored credentials: 'ok', 400 with the peer's answer, or 501 without a test. */
  async test(id: string): Promise<{ message: 'ok' }> {
    await this.get(id);
    const connection = await this.store.resolve(id);
    if (!connection) throw notFound('Connection not found');
    const tester = this.plugins.find<ConnectionTest>(CONNECTION_TESTS, connection.type);
    if (!tester) throw new DomainError(501, 'not_implemented', NOT_TESTABLE);
    try {
      await tester.test(connection);
    } catch (error) {
      throw badRequest((error as Error).message || 'Testing connection failed!', 'connection_test_failed');
    }
    return { message: 'ok' };
  }

  private requirements(type: string): readonly (ConnectionRequirement | readonly ConnectionRequirement[])[] | null {
    const tester = this.plugins.find<ConnectionTest>(CONNECTION_TESTS, type);
    if (tester) return tester.requires ?? [];
    return GENERIC_CONNECTION_TYPES[type] ?? null;
  }

  private validate(c: Candidate): void {
    if (!c.name) throw badRequest('Name is required', 'validation');
    if (!c.namespace) throw badRequest('Namespace is required', 'validation');
    if (!c.type) throw badRequest('Type is required', 'validation');
    if (!CONNECTION_TYPE_PATTERN.test(c.type)) throw badRequest(`Unknown connection type '${c.type}'`, 'validation');
    const requires = this.requirements(c.type);
    if (requires === null) throw badRequest(`Unknown connection type '${c.type}'`, 'validation');
    const present = (r: ConnectionRequirement): boolean => {
      if (r === 'password') return c.password_set;
      if (r === 'certificate') return c.certificate_set;
      if (r === 'url') return !!c.url;
      if (r === 'username') return !!c.username;
      return !!c.properties[r.slice('properties.'.length)];
    };
    for (const r of requires) {
      const anyOf = typeof r === 'string' ? [r] : r;
      if (!anyOf.some(present)) throw badRequest(`${anyOf.map(label).join(' or ')} is required for a ${c.type} connection`, 'validation');
    }
    if (c.url && !/^[a-z][a-z0-9+.-]*:\/\//i.test(c.url) && !['smtp'].includes(c.type)) {
      throw badRequest('URL must include a scheme such as https://', 'validation');
    }
  }
}

function label(r: ConnectionRequirement): string {
  if (r.startsWith('properties.')) return r.slice('properties.'.length);
  return { url: 'URL', username: 'Username', password: 'Password', certificate: 'Certificate' }[r as 'url'] ?? r;
}

function blankToNull(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

type SecretChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; value: string };

function secretChange(v: string | null | undefined): SecretChange {
  if (v === null) return { kind: 'clear' };
  if (v === undefined || v === '') return { kind: 'keep' };
  return { kind: 'set', value: v };
}

function normaliseProperties(raw: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (v === null || v === undefined || v === '') continue;
    if (typeof v === 'object') throw badRequest(`Property '${k}' must be a text value`, 'validation');
    out[k] = String(v);
  }
  return out;
}

/** A second connection with one namespace and name: 409 'exists' naming it. */
function duplicate(c: Candidate): DbErrorMessages {
  return { unique: `Connection ${c.namespace}/${c.name} already exists`, uniqueCode: 'exists' };
}
