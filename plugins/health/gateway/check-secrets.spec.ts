import type { ResolvedConnection } from '@contracts';
import { connectionString, resolveCheckSecret } from './check-secrets';

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

describe('check secrets from stored connections', () => {
  it('turns connection:// into the connection string with its credentials', async () => {
    expect(await resolveCheckSecret('connection://orders-db', lookup)).toBe('postgres://svc:p%40ss%20word@db.internal:5432/orders');
    expect(await resolveCheckSecret('connection://nope', lookup)).toBeNull();
  });

  it('reads a field of a connection named by secretKeyRef or configMapKeyRef', async () => {
    const ref = (key: string, kind = 'secretKeyRef') => ({ valueFrom: { [kind]: { name: 'orders-db', key } } });
    expect(await resolveCheckSecret(ref('password'), lookup)).toBe('p@ss word');
    expect(await resolveCheckSecret(ref('username', 'configMapKeyRef'), lookup)).toBe('svc');
    expect(await resolveCheckSecret(ref('token'), lookup)).toBe('t0k');
    expect(await resolveCheckSecret(ref('missing'), lookup)).toBeNull();
    expect(await resolveCheckSecret({ valueFrom: { secretKeyRef: { name: 'other', key: 'password' } } }, lookup)).toBeNull();
  });

  it('passes plain values through and refuses anything else', async () => {
    expect(await resolveCheckSecret('plain', lookup)).toBe('plain');
    expect(await resolveCheckSecret({ value: 'boxed' }, lookup)).toBe('boxed');
    expect(await resolveCheckSecret({ valueFrom: {} }, lookup)).toBeNull();
    expect(await resolveCheckSecret(42, lookup)).toBeNull();
  });

  it('keeps credentials already in the URL', () => {
    expect(connectionString({ ...pg, url: 'postgres://own:pw@h/db' })).toBe('postgres://own:pw@h/db');
    expect(connectionString({ ...pg, url: null })).toBeNull();
  });
});
