import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import type { AppConfig } from '@gateway/core/config/app-config';
import { IntegrationChartsService } from './integration-charts.service';

/**
 * The Mission Control tile ("Install the console itself") reads this repository's own chart, helm/ops-console, when
 * it is shipped (issue 16): its name, version and values schema, as the Add Integration dialog renders them.
 */
describe('IntegrationChartsService: the console’s own chart', () => {
  const root = path.resolve(__dirname, '..', '..', '..');
  const service = (helmDir: string) => new IntegrationChartsService({ helmDir, demoDir: path.join(path.dirname(helmDir), 'demo') } as AppConfig);

  it('answers helm/ops-console for the mission-control tile', async () => {
    const chartDir = path.join(root, 'helm', 'ops-console');
    const chartYaml = parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as { name: string; version: string };
    const answer = await service(path.join(root, 'helm')).get('mission-control');
    expect(answer).toMatchObject({ name: 'mission-control', chart: 'ops-console', version: chartYaml.version, source: 'helm' });
    expect(answer.valuesSchema).toEqual(JSON.parse(fs.readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8')));
    // The other tiles keep their own names: no helm/ops-console for them.
    expect(await service(path.join(root, 'helm')).get('kubernetes')).toMatchObject({ chart: 'mission-control-kubernetes', source: 'built-in' });
  });

  it('prefers a chart shipped under the tile’s own name, and falls back to the built-in schema without one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charts-own-'));
    try {
      const helm = path.join(dir, 'helm');
      fs.mkdirSync(path.join(helm, 'ops-console'), { recursive: true });
      expect(await service(helm).get('mission-control')).toMatchObject({ chart: 'mission-control', source: 'built-in' });
      fs.writeFileSync(path.join(helm, 'ops-console', 'Chart.yaml'), 'apiVersion: v2\nname: ops-console\nversion: 0.0.1\n');
      expect(await service(helm).get('mission-control')).toMatchObject({ chart: 'ops-console', version: '0.0.1', source: 'helm' });
      fs.mkdirSync(path.join(helm, 'mission-control'));
      fs.writeFileSync(path.join(helm, 'mission-control', 'Chart.yaml'), 'apiVersion: v2\nname: mission-control\nversion: 2.0.0\n');
      expect(await service(helm).get('mission-control')).toMatchObject({ chart: 'mission-control', version: '2.0.0', source: 'helm' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
