import { randomUUID } from 'node:crypto';
import type { ResolvedConnection, ResponderIncident } from '@contracts';
import type { ConnectionStore } from '@gateway/core/connections';

export function connection(over: Partial<ResolvedConnection> & { type: string }): ResolvedConnection {
  return {
    id: randomUUID(),
    name: `${over.type}-peer`,
    url: null,
    username: null,
    password: null,
    certificate: null,
    insecure_tls: false,
    properties: {},
    ...over,
  };
}

export const incident: ResponderIncident = {
  id: randomUUID(),
  incident_id: 'INC-42',
  title: 'Checkout is down',
  description: 'Payments fail with 502',
  severity: 'critical',
  status: 'open',
  type: 'availability',
  url: 'http://console.local/incidents/42',
};

/** A ConnectionStore holding the given connections (handlers only call resolve, firstOfType and list). */
export function storeOf(...connections: ResolvedConnection[]): ConnectionStore {
  return {
    resolve: async (ref: string) => connections.find((c) => c.id === ref || c.name === ref) ?? null,
    firstOfType: async (types: readonly string[]) => connections.find((c) => types.includes(c.type)) ?? null,
    list: async (types: readonly string[] = []) =>
      connections.filter((c) => !types.length || types.includes(c.type)).map((c) => ({ id: c.id, name: c.name, namespace: 'default', type: c.type })),
  } as unknown as ConnectionStore;
}
