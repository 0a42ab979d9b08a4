import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Role } from '@contracts';
import { TestApp, type SignedInAgent } from '../../support/test-app';

/**
 * GET /api/integrations/charts/{name} (spec 03 §7 Chart metadata, issue 14): the chart behind an Add via GitOps tile,
 * read from the repository's helm/ folder when the chart is shipped there, else the plugin's built-in schema; only
 * allow-listed names, never a path.
 */
describe('integration charts', () => {
  const roles: Role[] = ['admin', 'editor', 'commander', 'responder', 'viewer'];

  describe('without a helm/ folder', () => {
    let t: TestApp;
    let root: string;
    const who: Partial<Record<Role, SignedInAgent>> = {};
    beforeAll(async () => {
      root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'charts-none-')));
      t = await TestApp.start({ CONSOLE_ROOT: root });
      for (const role of roles) who[role] = await t.signInAs([role]);
    });
    afterAll(async () => {
      await t?.stop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('answers the built-in schema of every GitOps tile to every role', async () => {
      for (const name of ['aws', 'azure', 'prometheus', 'flux', 'kubernetes', 'mission-control']) {
        for (const role of roles) {
          const res = await who[role]!.agent.get(`/api/integrations/charts/${name}`).expect(200);
          expect(res.body).toMatchObject({ name, source: 'built-in', version: null, valuesSchema: { type: 'object' } });
          expect(res.body.chart).toMatch(/^mission-control/);
          expect(res.body.repository.url).toMatch(/^https:\/\//);
        }
      }
      const kubernetes = await who.viewer!.agent.get('/api/integrations/charts/kubernetes').expect(200);
      expect(kubernetes.body.chart).toBe('mission-control-kubernetes');
      expect(kubernetes.body.valuesSchema.required).toEqual(['clusterName']);
      expect(kubernetes.body.valuesSchema.properties.scraper.properties.schedule.default).toBe('@every 30m');
    });

    it('refuses a name outside the allow-list, paths included, with a 404 naming the known charts', async () => {
      for (const name of ['nginx', '..%2F..%2Fetc', '%2E%2E', 'constructor', '__proto__']) {
        const res = await who.viewer!.agent.get(`/api/integrations/charts/${name}`).expect(404);
        expect(res.body.code).toBe('chart_not_found');
        expect(res.body.message).toContain('known: aws, azure, prometheus, flux, kubernetes, mission-control');
      }
    });

    it('needs a signed-in user', async () => {
      await t.http().get('/api/integrations/charts/kubernetes').expect(401);
    });
  });

  describe('with charts shipped in helm/', () => {
    let t: TestApp;
    let root: string;
    let outside: string;
    let viewer: SignedInAgent;
    const schema = {
      type: 'object',
      required: ['clusterName'],
      properties: { clusterName: { type: 'string', title: 'Cluster' }, shipped: { type: 'boolean', default: true } },
    };
    beforeAll(async () => {
      root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'charts-helm-')));
      outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'charts-outside-')));
      const chart = (dir: string, yaml: string, values?: string) => {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'Chart.yaml'), yaml);
        if (values !== undefined) fs.writeFileSync(path.join(dir, 'values.schema.json'), values);
      };
      chart(path.join(root, 'helm', 'kubernetes'), 'apiVersion: v2\nname: mission-control-kubernetes\nversion: 1.2.3\n', JSON.stringify(schema));
      // Found by its chart name, and without a values schema: the built-in fields stay.
      chart(path.join(root, 'helm', 'mission-control-aws'), 'apiVersion: v2\nname: mission-control-aws\nversion: 0.9.0\n');
      chart(path.join(root, 'helm', 'azure'), 'apiVersion: v2\nname: mission-control-azure\nversion: 1.0.0\n', '{not json');
      // A link out of helm/ is not followed.
      chart(path.join(outside, 'prometheus'), 'apiVersion: v2\nname: stolen\nversion: 6.6.6\n', JSON.stringify({ type: 'object', title: 'outside' }));
      fs.symlinkSync(path.join(outside, 'prometheus'), path.join(root, 'helm', 'prometheus'));
      t = await TestApp.start({ CONSOLE_ROOT: root });
      viewer = await t.signInAs(['viewer']);
    });
    afterAll(async () => {
      await t?.stop();
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    });

    it("answers the shipped chart's name, version and values schema", async () => {
      const res = await viewer.agent.get('/api/integrations/charts/kubernetes').expect(200);
      expect(res.body).toEqual({
        name: 'kubernetes',
        chart: 'mission-control-kubernetes',
        version: '1.2.3',
        repository: expect.objectContaining({ url: expect.any(String) }),
        source: 'helm',
        valuesSchema: schema,
      });
    });

    it('keeps the built-in schema for a shipped chart without values.schema.json', async () => {
      const shipped = await viewer.agent.get('/api/integrations/charts/aws').expect(200);
      expect(shipped.body).toMatchObject({ chart: 'mission-control-aws', version: '0.9.0', source: 'helm' });
      expect(Object.keys(shipped.body.valuesSchema.properties)).toContain('regions');
    });

    it('says which shipped file is broken instead of answering a wrong schema', async () => {
      const res = await viewer.agent.get('/api/integrations/charts/azure').expect(500);
      expect(res.body.code).toBe('chart_unreadable');
      expect(res.body.message).toMatch(/^The chart file helm\/azure\/values.schema.json shipped with the console cannot be read: /);
      expect(res.body.message).not.toContain(root);
    });

    it('ignores a chart folder that links outside helm/', async () => {
      const res = await viewer.agent.get('/api/integrations/charts/prometheus').expect(200);
      expect(res.body).toMatchObject({ chart: 'mission-control-prometheus', source: 'built-in', version: null });
    });
  });
});
