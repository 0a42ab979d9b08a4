import type { ConnectionView } from '@contracts';
import { http } from '@web/core/api';

/** A connection as the API returns it (secrets never, only whether they are set). */
export type Connection = ConnectionView;

/** What the form sends. Secrets: omitted or '' keeps the stored one, null clears it. */
export interface ConnectionInput {
  name?: string;
  namespace?: string;
  type?: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean;
  properties?: Record<string, string>;
}

/** The list's SWR key. */
export const CONNECTIONS_PATH = '/api/connections';

export function createConnection(input: ConnectionInput): Promise<Connection> {
  return http.post<Connection>(CONNECTIONS_PATH, input);
}

export function updateConnection(id: string, input: ConnectionInput): Promise<Connection> {
  return http.patch<Connection>(`${CONNECTIONS_PATH}/${encodeURIComponent(id)}`, input);
}

export function deleteConnection(id: string): Promise<void> {
  return http.delete(`${CONNECTIONS_PATH}/${encodeURIComponent(id)}`);
}

/** POST /connection/test/{id} (spec 03 §7): `{message: 'ok'}` on success. */
export function testConnection(id: string): Promise<{ message: string }> {
  return http.post<{ message: string }>(`/api/connection/test/${encodeURIComponent(id)}`, {});
}
