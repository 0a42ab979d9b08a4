import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopbackServer } from './prometheus';

export const ALERTMANAGER_BINARY = '/usr/bin/prometheus-alertmanager';

export interface AlertmanagerPeer {
  url: string;
  /** `POST /api/v2/alerts`: the alerts are active from now (Alertmanager's own API, no fake). */
  fire(alerts: { labels: Record<string, string>; annotations?: Record<string, string> }[]): Promise<void>;
  /** `POST /api/v2/silences` for an `alertname`, one hour long. */
  silence(alertname: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real Alertmanager (Debian's `prometheus-alertmanager` package) on a free loopback port with a null receiver,
 * clustering disabled and its storage in a temp directory. Resolves null (and says why) when it is not installed.
 */
export async function startAlertmanager(): Promise<AlertmanagerPeer | null> {
  if (!existsSync(ALERTMANAGER_BINARY)) {
    console.warn(`alertmanager peer: ${ALERTMANAGER_BINARY} is not installed (apt-get install prometheus-alertmanager); skipping live tests`);
    return null;
  }
  const server = await startLoopbackServer({
    binary: ALERTMANAGER_BINARY,
    name: 'alertmanager',
    setup: (dir) => writeFileSync(join(dir, 'alertmanager.yml'), ['route:', "  receiver: 'null'", 'receivers:', "  - name: 'null'", ''].join('\n')),
    args: (port, dir) => [
      `--config.file=${join(dir, 'alertmanager.yml')}`,
      `--storage.path=${dir}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
    ],
    readyPath: '/-/ready',
  });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`alertmanager peer: POST ${path} → ${res.status} ${text}`);
  };
  return {
    url: server.url,
    stop: server.stop,
    fire: (alerts) =>
      post(
        '/api/v2/alerts',
        alerts.map((a) => ({ labels: a.labels, annotations: a.annotations ?? {} })),
      ),
    silence: (alertname) =>
      post('/api/v2/silences', {
        matchers: [{ name: 'alertname', value: alertname, isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: 'test',
        comment: 'test silence',
      }),
  };
}
