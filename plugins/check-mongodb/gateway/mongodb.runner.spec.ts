import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { startMongoPeer, type MongoPeer } from '../../../test/support/peers/mongodb';
import { MongodbCheckRunner } from './mongodb.runner';

const context = (timeoutMs = 3000, refs: Record<string, string> = {}): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => (typeof ref === 'string' ? (refs[ref] ?? null) : null));

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('mongodb check', () => {
  const runner = new MongodbCheckRunner();
  let peer: MongoPeer;
  const peers: MongoPeer[] = [];
  const start = async (...args: Parameters<typeof startMongoPeer>) => {
    const p = await startMongoPeer(...args);
    peers.push(p);
    return p;
  };

  beforeAll(async () => {
    peer = await start({ version: '7.0.14' });
  });
  afterAll(async () => {
    await Promise.all(peers.map((p) => p.stop()));
  });

  it('passes when the server answers ping, and reports its version', async () => {
    const r = await runner.run({ name: 'm', connection: `${peer.url}/?appName=check` }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null, message: 'ping ok (MongoDB 7.0.14)', details: { ok: 1, version: '7.0.14' } });
    expect(peer.commands).toEqual(expect.arrayContaining(['ping', 'buildInfo']));
    expect(peer.commands.some((c) => /^(hello|isMaster|ismaster)$/.test(c))).toBe(true);
  });

  it('resolves a connection reference and pings the named db', async () => {
    const r = await runner.run({ name: 'm', connection: 'connection://mongo/local', db: 'inventory' }, context(3000, { 'connection://mongo/local': peer.url }));
    expect(r).toMatchObject({ pass: true, details: { version: '7.0.14' } });
  });

  it('fails with the server message when ping answers ok 0', async () => {
    const failing = await start({ pingError: { errmsg: 'node is shutting down', code: 91, codeName: 'ShutdownInProgress' } });
    const r = await runner.run({ name: 'm', url: failing.url }, context());
    expect(r).toMatchObject({ pass: false, invalid: false, message: 'node is shutting down', error: 'node is shutting down' });
  });

  it('fails with connection refused when nothing listens', async () => {
    const port = await closedPort();
    const started = Date.now();
    const r = await runner.run({ name: 'm', connection: `mongodb://127.0.0.1:${port}` }, context(5000));
    expect(Date.now() - started).toBeLessThan(4000);
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('returns within the timeout when the server accepts and never answers', async () => {
    const silent = await start({ silent: true });
    const started = Date.now();
    const r = await runner.run({ name: 'm', connection: silent.url }, context(400));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/^timed out after 400ms/);
  });

  it('names the field when invalid', async () => {
    expect(runner.validate({ name: 'm' })).toEqual(['connection: required']);
    expect(runner.validate({ name: 'm', connection: 'http://x', db: 'a/b' })).toEqual([
      'connection: must be a mongodb:// URL or a connection:// reference',
      'db: must be a database name',
    ]);
    expect(await runner.run({ name: 'm', connection: 'connection://mongo/unknown' }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'connection: could not be resolved',
    });
    const bad = await runner.run({ name: 'm', connection: 'mongodb://127.0.0.1:1/?unknownOption=%' }, context());
    expect(bad).toMatchObject({ pass: false, invalid: true });
    expect(bad.message).toMatch(/^connection: /);
  });
});

describe('mongodb check registration', () => {
  it("contributes to the 'checks' extension point as 'mongodb'", () => {
    expect(extensionsOf(MongodbCheckRunner)).toEqual([{ point: 'checks', id: 'mongodb' }]);
    expect(new MongodbCheckRunner().type).toBe('mongodb');
  });
});
