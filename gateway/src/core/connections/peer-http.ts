import type { ResolvedConnection } from '@contracts';
import { OutboundHttp, PeerError, peerMessage, type OutboundTls, type PeerRequest, type PeerResponse } from '../outbound';

export { PeerError, peerMessage, type PeerRequest, type PeerResponse };

/** The TLS settings of a connection: skip verification (`insecure_tls`) or trust a CA (`certificate`, PEM). */
function connectionTls(connection: { insecure_tls: boolean; certificate: string | null }): OutboundTls {
  return { insecure: connection.insecure_tls, ca: connection.certificate };
}

function basicAuth(username: string | null, password: string | null): string {
  return 'Basic ' + Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
}

/** How a connection's API is authenticated: its username and password as Basic auth, or a bearer token. */
export type ConnectionAuth = 'basic' | 'bearer';

export interface ConnectionApiOptions {
  /** The product, for messages: "Jira connection ops has no URL". */
  product: string;
  auth: ConnectionAuth;
  /** The API base when it is not the connection's URL (Graph's default). */
  base?: string;
}

/**
 * JSON calls to the API of one stored connection (Jira, ServiceNow, Graph...), through the one outbound client
 * (`OutboundHttp`: address policy, deadline, size cap): paths relative to the connection's URL, its credentials as
 * Basic auth or a bearer token, its TLS settings; a non-2xx answer throws PeerError with the peer's own message.
 * A responder type's client extends it with the named calls of its API.
 */
export class ConnectionApi {
  readonly base: string;

  constructor(
    private readonly http: OutboundHttp,
    readonly connection: ResolvedConnection,
    private readonly options: ConnectionApiOptions,
  ) {
    const base = options.base ?? connection.url?.trim();
    if (!base) throw new Error(`${options.product} connection ${connection.name} has no URL`);
    this.base = base.replace(/\/+$/, '');
  }

  /** `method path` on the API, authenticated; the parsed answer with its status and headers. */
  async exchange<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<PeerResponse<T>> {
    const authorization = this.options.auth === 'basic' ? basicAuth(this.connection.username, this.connection.password) : `Bearer ${await this.bearerToken()}`;
    return this.http.json<T>(`${this.base}${path}`, { method, body, headers: { authorization, ...headers }, tls: connectionTls(this.connection) });
  }

  /** `method path` on the API, authenticated; the parsed answer's body. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.exchange<T>(method, path, body)).body;
  }

  /** The bearer token (auth 'bearer'): the connection's password; a client that obtains tokens overrides this. */
  protected async bearerToken(): Promise<string> {
    if (!this.connection.password) throw new Error(`${this.options.product} connection ${this.connection.name} has no token`);
    return this.connection.password;
  }

  /** A call outside the API (an OAuth token endpoint) with the connection's TLS settings and no authorization. */
  callAt<T>(url: string, request: PeerRequest): Promise<PeerResponse<T>> {
    return this.http.json<T>(url, { ...request, tls: connectionTls(this.connection) });
  }
}
