import type { ResolvedConnection } from '@contracts';
import { ConnectionApi } from '@gateway/core/connections';
import type { OutboundHttp } from '@gateway/core/outbound';

export const GRAPH_URL = 'https://graph.microsoft.com';
export const LOGIN_URL = 'https://login.microsoftonline.com';

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** App tokens per connection and secret, reused until a minute before they expire. */
const tokens = new Map<string, CachedToken>();

export interface PlannerTaskInput {
  planId: string;
  bucketId: string;
  title: string;
  priority: number;
  description: string;
}

/**
 * Microsoft Graph for Planner. Auth: client credentials (`properties.tenant`, `properties.client_id`, password =
 * client secret) against `{login}/{tenant}/oauth2/v2.0/token`, or a static bearer token (password, with no
 * tenant/client id). `url` overrides the Graph base, `properties.login_url` the login base (tests, sovereign clouds).
 */
export class GraphClient extends ConnectionApi {
  private readonly login: string;

  constructor(http: OutboundHttp, connection: ResolvedConnection) {
    super(http, connection, { product: 'Microsoft Planner', auth: 'bearer', base: connection.url?.trim() || GRAPH_URL });
    this.login = (connection.properties.login_url?.trim() || LOGIN_URL).replace(/\/+$/, '');
  }

  get usesClientCredentials(): boolean {
    return !!(this.connection.properties.tenant && this.connection.properties.client_id);
  }

  async token(): Promise<string> {
    const { properties, password } = this.connection;
    if (!password) throw new Error(`Microsoft Planner connection ${this.connection.name} has no client secret or token`);
    if (!this.usesClientCredentials) return password;
    const cacheKey = `${this.connection.id}:${this.login}:${properties.tenant}:${properties.client_id}:${password}`;
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const res = await this.callAt<{ access_token?: string; expires_in?: number }>(`${this.login}/${encodeURIComponent(properties.tenant)}/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: properties.client_id,
        client_secret: password,
        scope: properties.scope || `${this.base}/.default`,
        grant_type: 'client_credentials',
      }),
    });
    if (!res.body?.access_token) throw new Error('The token endpoint answered without an access_token');
    tokens.set(cacheKey, { token: res.body.access_token, expiresAt: Date.now() + (res.body.expires_in ?? 3600) * 1000 });
    return res.body.access_token;
  }

  protected override bearerToken(): Promise<string> {
    return this.token();
  }

  async me(): Promise<void> {
    await this.call('GET', '/v1.0/me');
  }

  async plans(group?: string): Promise<{ id: string; title: string }[]> {
    const path = group ? `/v1.0/groups/${encodeURIComponent(group)}/planner/plans` : '/v1.0/me/planner/plans';
    return (await this.call<{ value?: { id: string; title: string }[] }>('GET', path)).value ?? [];
  }

  async buckets(planId: string): Promise<{ id: string; name: string }[]> {
    const path = `/v1.0/planner/plans/${encodeURIComponent(planId)}/buckets`;
    return (await this.call<{ value?: { id: string; name: string }[] }>('GET', path)).value ?? [];
  }

  /** Creates the task, then sets its description on the task details (which need the details' ETag). */
  async createTask(input: PlannerTaskInput): Promise<{ id: string }> {
    const created = await this.call<{ id?: string }>('POST', '/v1.0/planner/tasks', {
      planId: input.planId,
      bucketId: input.bucketId,
      title: input.title,
      priority: input.priority,
    });
    const id = created?.id;
    if (!id) throw new Error('Graph answered without a task id');
    if (input.description) {
      const detailsPath = `/v1.0/planner/tasks/${encodeURIComponent(id)}/details`;
      const details = await this.exchange<{ '@odata.etag'?: string }>('GET', detailsPath);
      const etag = details.headers.etag ?? details.body?.['@odata.etag'];
      if (!etag) throw new Error('Graph answered the task details without an ETag');
      await this.exchange('PATCH', detailsPath, { description: input.description, previewType: 'description' }, { 'if-match': etag });
    }
    return { id };
  }
}

/** Planner priorities: 0-10, where Planner shows 1 urgent, 3 important, 5 medium, 9 low. */
export function plannerPriority(value: string | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  const named: Record<string, number> = { urgent: 1, important: 3, high: 3, medium: 5, low: 9 };
  if (v in named) return named[v];
  const n = Number(v);
  if (v !== '' && Number.isInteger(n) && n >= 0 && n <= 10) return n;
  throw new Error(`Unknown Planner priority '${value ?? ''}' (urgent, important, medium or low)`);
}
