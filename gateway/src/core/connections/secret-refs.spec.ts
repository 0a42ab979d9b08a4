import type { ResolvedConnection } from '@contracts';
import { connectionString, resolveSecretRef } from './secret-refs';

const pg: ResolvedConnection = {
  id: '1',
  name: 'orders-db',
  type: 'postgres',
  url: 'postgres://db.internal:5432/orders',
  username: 'svc',
  password: 'p@ss word',
  certificate: null,
  insecure_tls: false,
  properties: { token: 't0k' },
};
const lookup = async (ref: string) => (ref === 'connection://orders-db' || ref === 'orders-db' ? pg : null);

describe('secret references resolved through stored connections', () => {
  it('turns connection:// into the connection string with its credentials', async () => {
    expect(await resolveSecretRef('connection://orders-db', lookup)).toBe('postgres://svc:p%40ss%20word@db.internal:5432/orders');
    expect(await resolveSecretRef('connection://nope', lookup)).toBeNull();
  });

  it('reads a field of a connection named by secretKeyRef or configMapKeyRef', async () => {
    const ref = (key: string, kind = 'secretKeyRef') => ({ valueFrom: { [kind]: { name: 'orders-db', key } } });
    expect(await resolveSecretRef(ref('password'), lookup)).toBe('p@ss word');
    expect(await resolveSecretRef(ref('username', 'configMapKeyRef'), lookup)).toBe('svc');
    expect(await resolveSecretRef(ref('token'), lookup)).toBe('t0k');
    expect(await resolveSecretRef(ref('missing'), lookup)).toBeNull();
    expect(await resolveSecretRef({ valueFrom: { secretKeyRef: { name: 'other', key: 'password' } } }, lookup)).toBeNull();
  });

  it('passes plain values through and refuses anything else', async () => {
    expect(await resolveSecretRef('plain', lookup)).toBe('plain');
    expect(await resolveSecretRef({ value: 'boxed' }, lookup)).toBe('boxed');
    expect(await resolveSecretRef({ valueFrom: {} }, lookup)).toBeNull();
    expect(await resolveSecretRef(42, lookup)).toBeNull();
  });

  it('keeps credentials already in the URL', () => {
    expect(connectionString({ ...pg, url: 'postgres://own:pw@h/db' })).toBe('postgres://own:pw@h/db');
    expect(connectionString({ ...pg, url: null })).toBeNull();
  });
});
