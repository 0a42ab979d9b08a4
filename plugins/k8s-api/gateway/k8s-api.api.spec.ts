import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TestApp } from '../../../test/support/test-app';

/** The real kubectl (Debian's kubernetes-client) against the console's /api/k8s, with a kubeconfig the console made. */
interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (file: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => execFile(file, args, (error) => (error ? reject(error) : resolve())));

describe('kubectl against /api/k8s', () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  let editorConfig: string;
  let viewerConfig: string;
  let cert: Buffer;
  let https: Server;

  const kubectl = (config: string, args: string[], input?: string): Promise<Run> =>
    new Promise((resolve) => {
      const child = execFile(
        '/usr/bin/kubectl',
        ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args],
        { env: { PATH: process.env.PATH ?? '/usr/bin', HOME: dir }, timeout: 20_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (input !== undefined) child.stdin?.end(input);
    });

  /** A kubeconfig as the console's Download button makes it (POST /api/kubeconfig), written to a file. */
  const kubeconfigFor = async (roles: ('editor' | 'viewer' | 'admin')[], file: string): Promise<string> => {
    const { agent, csrf } = await t.signInAs(roles);
    const res = await agent.post('/api/kubeconfig').set('x-csrf-token', csrf).expect(200);
    const config = parse(res.text) as { clusters: { cluster: Record<string, string> }[] };
    expect(config.clusters[0].cluster.server).toMatch(/\/api\/k8s$/);
    config.clusters[0].cluster = { server: `${base}/api/k8s`, 'certificate-authority-data': cert.toString('base64') };
    const path = join(dir, file);
    await writeFile(path, JSON.stringify(config));
    return path;
  };

  beforeAll(async () => {
    t = await TestApp.start();
    dir = await mkdtemp(join(tmpdir(), 'k8s-api-'));
    // kubectl sends credentials over TLS only: the app is served over HTTPS with a certificate made for this run.
    await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]);
    cert = await readFile(join(dir, 'cert.pem'));
    https = createServer({ key: await readFile(join(dir, 'key.pem')), cert }, t.app.getHttpAdapter().getInstance());
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
    editorConfig = await kubeconfigFor(['editor'], 'editor.yaml');
    viewerConfig = await kubeconfigFor(['viewer'], 'viewer.yaml');
  });

  afterAll(async () => {
    await new Promise((resolve) => https?.close(resolve));
    await t?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('explores', async () => {
    const canary = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: web
spec:
  schedule: "@every 5m"
  http:
    - name: web
      url: https://example.com
`;
    const cfg = JSON.parse(require('node:fs').readFileSync(editorConfig, 'utf8'));
    const r = await t.http().get('/api/k8s/api').set('authorization', `Bearer ${cfg.users[0].user.token}`);
    console.log(r.status, r.text, cfg.users[0]);
    console.log(await kubectl(editorConfig, ['get', 'canaries', '-v=9']));
    console.log(await kubectl(editorConfig, ['apply', '-f', '-', '-v=6'], canary));
    console.log(await kubectl(editorConfig, ['apply', '-f', '-', '-v=6'], canary.replace('5m', '10m')));
    console.log(await kubectl(editorConfig, ['get', 'canary', 'web', '-o', 'yaml']));
    console.log(await kubectl(viewerConfig, ['apply', '-f', '-'], canary.replace('web', 'other')));
    console.log(await kubectl(editorConfig, ['delete', 'canary', 'web', '-v=6']));
  });
});
