import type { Request } from 'express';
import { relyingPartyFor } from './relying-party';

const requestFrom = (protocol: string, host: string) =>
  ({ protocol, hostname: host.split(':')[0], get: (name: string) => (name === 'host' ? host : undefined) }) as unknown as Request;

describe('relyingPartyFor', () => {
  it('binds keys to the host of PUBLIC_URL and expects its origin, whatever host the request named', () => {
    const rp = relyingPartyFor({ publicUrl: 'https://console.example.com/ops' }, requestFrom('http', 'internal:8080'));
    expect(rp).toEqual({ id: 'console.example.com', origin: 'https://console.example.com', name: 'Operations Console' });
  });

  it("uses the request's host and scheme without PUBLIC_URL", () => {
    expect(relyingPartyFor({ publicUrl: null }, requestFrom('https', 'ops.internal:8443'))).toMatchObject({
      id: 'ops.internal',
      origin: 'https://ops.internal:8443',
    });
  });
});
