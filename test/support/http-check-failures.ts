import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { CheckRunner, CheckSpec } from '@contracts';
import { checkContext } from './check-context';
import { freePort } from './free-port';

/**
 * What every check type that calls its peer over HTTP reports alike (they all go through core's one outbound client):
 * the connection error on a closed port, and the run's timeout when the server accepts and never answers.
 */
export function itReportsUnreachableAndSilentPeers(runner: CheckRunner, specFor: (url: string) => CheckSpec): void {
  it('fails with the connection error on a closed port', async () => {
    const port = await freePort();
    const r = await runner.run(specFor(`http://127.0.0.1:${port}`), checkContext());
    expect(r).toMatchObject({ pass: false, invalid: false });
    expect(r.message).toContain('ECONNREFUSED');
  });

  it('returns within the timeout when the server accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const hung = http.createServer(() => undefined);
    hung.on('connection', (s) => sockets.push(s));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const r = await runner.run(specFor(`http://127.0.0.1:${(hung.address() as AddressInfo).port}`), checkContext(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise((resolve) => hung.close(resolve));
    }
  });
}
