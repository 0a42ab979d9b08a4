import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext, reachable } from '../../../test/support/check-context';
import { RedisCheckRunner, redisTarget } from './redis.runner';

const context = (timeoutMs = 2000): CheckRunContext => checkContext(timeoutMs);

describe('redis check', () => {
  const runner = new RedisCheckRunner();
  let up = false;
  beforeAll(async () => {
    up = await reachable('127.0.0.1', 6379);
    if (!up) console.log('redis check: skipping live tests, no Redis on 127.0.0.1:6379');
  });

  it('passes on PONG from the local Redis, by addr and by url with a db', async () => {
    if (!up) return;
    expect(await runner.run({ name: 'r', addr: '127.0.0.1:6379' }, context())).toMatchObject({
      pass: true,
      invalid: false,
      message: 'PONG',
      details: { reply: '+PONG' },
    });
    expect((await runner.run({ name: 'r', url: 'redis://127.0.0.1:6379/2' }, context())).pass).toBe(true);
  });

  it("takes canary-checker's forms: url host:port, connection redis:// with $(.username)/$(.password)", async () => {
    if (!up) return;
    expect(await runner.run({ name: 'r', url: '127.0.0.1:6379', db: 0 }, context())).toMatchObject({ pass: true, message: 'PONG' });
    // A user made for this test (Redis ACL), with a password that only works when sent unchanged.
    const password = 'p@ss:w/rd %';
    expect(await sendRaw(['ACL', 'SETUSER', 'check_tpl', 'on', `>${password}`, '+ping', '+select', '+auth'])).toBe('+OK');
    try {
      const spec = {
        name: 'r',
        connection: 'redis://$(.username):$(.password)@127.0.0.1:6379/1',
        username: { value: 'check_tpl' },
        password: { value: password },
      };
      expect(runner.validate(spec)).toEqual([]);
      expect(await runner.run(spec, context())).toMatchObject({ pass: true, message: 'PONG' });
      const wrong = await runner.run({ ...spec, password: 'nope' }, context());
      expect(wrong).toMatchObject({ pass: false, invalid: false });
      expect(wrong.message).toMatch(/WRONGPASS/);
    } finally {
      await sendRaw(['ACL', 'DELUSER', 'check_tpl']);
    }
  });

  it("is invalid when a placeholder's secret does not resolve", async () => {
    const gone = { valueFrom: { secretKeyRef: { name: 'cache', key: 'gone' } } };
    expect(await runner.run({ name: 'r', url: 'redis://:$(password)@127.0.0.1:6379', password: gone }, context())).toMatchObject({
      pass: false,
      invalid: true,
      message: 'password: could not be resolved (used as $(password) in the connection)',
    });
  });

  it('reads targets, percent-decoding substituted values of a URL', () => {
    expect(redisTarget('redis://$(username):$(password)@cache:6380/2', { username: 'a@b', password: 'p@ss:/' })).toEqual({
      host: 'cache',
      port: 6380,
      db: 2,
      username: 'a@b',
      password: 'p@ss:/',
      tls: false,
    });
    expect(redisTarget('[::1]:6379')).toEqual({ host: '::1', port: 6379 });
    expect(redisTarget('cache')).toBeNull();
    expect(redisTarget('redis://cache:6379/x')).toBeNull();
  });

  it('saves TLS forms (rediss://, tlsConfig) and reports them invalid when run: no TLS here yet', async () => {
    const message = 'redis: TLS (rediss:// or tlsConfig) is not supported on this console yet';
    for (const spec of [
      { name: 'r', url: 'rediss://cache:6379' },
      { name: 'r', url: 'redis-tls.svc:6379', tlsConfig: { enable: true } },
    ]) {
      expect(runner.validate(spec)).toEqual([]);
      expect(await runner.run(spec, context())).toMatchObject({ pass: false, invalid: true, message });
    }
  });

  it('fails with the server error when AUTH is refused', async () => {
    if (!up) return;
    const r = await runner.run({ name: 'r', addr: '127.0.0.1:6379', password: 'wrong-password' }, context());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toMatch(/ERR|WRONGPASS/);
  });

  it('returns within the timeout when the server accepts and never answers', async () => {
    const sockets: net.Socket[] = [];
    const hung = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const r = await runner.run({ name: 'r', addr: `127.0.0.1:${(hung.address() as AddressInfo).port}` }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('names the field when invalid', () => {
    expect(runner.validate({ name: 'r' })).toEqual(['addr: required (host:port)']);
    expect(runner.validate({ name: 'r', addr: 'localhost' })).toEqual(['addr: must be host:port']);
    expect(runner.validate({ name: 'r', url: 'http://x:1' })).toEqual(['url: must be redis://host:port[/db], host:port or a connection:// reference']);
    expect(runner.validate({ name: 'r', connection: 'cache' })).toEqual(['connection: must be redis://host:port[/db], host:port or a connection:// reference']);
    expect(runner.validate({ name: 'r', connection: 'redis://$(user)@cache:6379' })).toEqual([
      "connection: $(user) is not known here; use $(username) or $(password) (the check's own fields)",
    ]);
  });
});

/** One command to the local Redis, for setting up what a test needs; resolves with the first reply line. */
function sendRaw(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    socket.once('connect', () => socket.write(`*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')));
    socket.once('data', (chunk) => (socket.destroy(), resolve(chunk.toString().split('\r\n')[0])));
    socket.once('error', reject);
  });
}

describe('redis check registration', () => {
  it("contributes to the 'checks' extension point as 'redis'", () => {
    expect(extensionsOf(RedisCheckRunner)).toEqual([{ point: 'checks', id: 'redis' }]);
    expect(new RedisCheckRunner().type).toBe('redis');
  });
});
