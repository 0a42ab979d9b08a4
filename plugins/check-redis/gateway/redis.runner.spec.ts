import { EXTENSION_KEY } from '@gateway/core/plugin-host/extension-point';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext, reachable } from '../../../test/support/check-context';
import { RedisCheckRunner } from './redis.runner';

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
    expect(await runner.run({ name: 'r', addr: '127.0.0.1:6379' }, context())).toMatchObject({ pass: true, invalid: false, message: 'PONG', details: { reply: '+PONG' } });
    expect((await runner.run({ name: 'r', url: 'redis://127.0.0.1:6379/2' }, context())).pass).toBe(true);
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
    expect(runner.validate({ name: 'r', url: 'http://x:1' })).toEqual(['url: must be redis://host:port[/db]']);
  });
});

describe('redis check registration', () => {
  it("contributes to the 'checks' extension point as 'redis'", () => {
    expect(Reflect.getMetadata(EXTENSION_KEY, RedisCheckRunner)).toEqual({ point: 'checks', id: 'redis' });
    expect(new RedisCheckRunner().type).toBe('redis');
  });
});
