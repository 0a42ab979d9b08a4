import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { TcpCheckRunner } from './tcp.runner';

const context = (timeoutMs = 2000): CheckRunContext => checkContext(timeoutMs);

describe('tcp check', () => {
  const runner = new TcpCheckRunner();
  let server: net.Server;
  let port: number;

  beforeAll(async () => {
    server = net.createServer((s) => s.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes when the listener accepts, by host and port', async () => {
    const r = await runner.run({ name: 't', host: '127.0.0.1', port }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, details: { host: '127.0.0.1', port } });
  });

  it('passes by endpoint host:port', async () => {
    expect((await runner.run({ name: 't', endpoint: `127.0.0.1:${port}` }, context())).pass).toBe(true);
  });

  it('fails when nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await runner.run({ name: 't', endpoint: `127.0.0.1:${freePort}` }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain('ECONNREFUSED');
  });

  it('stops at once when the check has timed out (loopback connects too fast to hang mid-connect)', async () => {
    const started = Date.now();
    const r = await runner.run({ name: 't', host: '127.0.0.1', port }, { ...checkContext(), signal: AbortSignal.abort(), timeoutMs: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r).toMatchObject({ pass: false, invalid: false, message: `timed out after 0ms connecting to 127.0.0.1:${port}` });
  });

  it('names the field when invalid', () => {
    expect(runner.validate({ name: 't' })).toEqual(['host: required (or endpoint host:port)', 'port: required']);
    expect(runner.validate({ name: 't', endpoint: 'nohost' })).toEqual(['endpoint: must be host:port']);
    expect(runner.validate({ name: 't', host: 'a', port: 70000 })).toEqual(['port: must be 1-65535']);
  });
});

describe('tcp check registration', () => {
  it("contributes to the 'checks' extension point as 'tcp'", () => {
    expect(extensionsOf(TcpCheckRunner)).toEqual([{ point: 'checks', id: 'tcp' }]);
    expect(new TcpCheckRunner().type).toBe('tcp');
  });
});
