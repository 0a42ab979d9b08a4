import type { ScrapeOutput } from '@contracts';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { loadConfig } from '@gateway/core/config/app-config';
import { applyCommonFields, normaliseHealth } from './common-fields';

const evaluator = new ExpressionEvaluator({ expressions: loadConfig({}).expressions } as never);
afterAll(() => evaluator.onModuleDestroy());
const apply = (output: ScrapeOutput, entry: Record<string, unknown>) => applyCommonFields(output, entry, { scraperType: 'file', evaluator });

const deployments = JSON.stringify({
  items: [
    { metadata: { uid: 'u1', name: 'web', created: '2024-01-02T03:04:05Z', env: 'prod' }, status: 'Running', health: 'OK', secret: 'hunter2', rv: '17' },
    { metadata: { uid: 'u2', name: 'api', env: 'dev' }, status: 'Pending', health: 'degraded', secret: 'x', rv: '18' },
  ],
});

describe('applyCommonFields', () => {
  it('splits by items and resolves static and JSONPath fields over the item defaults', async () => {
    const { items, errors } = await apply(
      { configs: [{ config: deployments, source: 'deploy.json', labels: { team: 'a', zone: 'z' }, tags: { cluster: 'c1' } }] },
      {
        items: '$.items[*]',
        id: '$.metadata.uid',
        name: '$.metadata.name',
        type: 'App::Deployment',
        status: '$.status',
        health: '$.health',
        labels: { team: 'b' },
        tags: { env: '$.metadata.env' },
        createFields: ['$.metadata.missing', '$.metadata.created'],
      },
    );
    expect(errors).toEqual([]);
    expect(items.map((i) => [i.externalId, i.name, i.type, i.configClass, i.status, i.health])).toEqual([
      ['u1', 'web', 'App::Deployment', 'App', 'Running', 'healthy'],
      ['u2', 'api', 'App::Deployment', 'App', 'Pending', 'warning'],
    ]);
    expect(items[0].labels).toEqual({ team: 'b', zone: 'z' });
    expect(items[1].tags).toEqual({ cluster: 'c1', env: 'dev' });
    expect(items[0].createdAt?.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(items[1].createdAt).toBeNull();
    expect(items[0].source).toBe('deploy.json');
    expect(items[0].format).toBe('json');
  });

  it('uses the scraped values where the entry says nothing, and entry.format over the item format', async () => {
    const { items } = await apply(
      { configs: [{ config: 'a: 1\n', format: 'other', id: 'x', type: 'File::Yaml', class: 'Files', name: 'n', health: 'unhealthy' }] },
      { format: 'yaml', name: '$.missing' },
    );
    expect(items[0]).toMatchObject({
      externalId: 'x',
      type: 'File::Yaml',
      configClass: 'Files',
      name: 'n',
      health: 'unhealthy',
      config: { a: 1 },
      format: 'yaml',
    });
  });

  it('reports an item without id, naming its source, and keeps the others', async () => {
    const { items, errors } = await apply(
      {
        configs: [
          { config: { name: 'no-id' }, source: 'a.json' },
          { config: { uid: 'k', name: 'kept' }, source: 'b.json' },
          { config: '{', source: 'c.json' },
        ],
        errors: ['earlier'],
      },
      { id: '$.uid', type: 'T::X' },
    );
    expect(items.map((i) => i.externalId)).toEqual(['k']);
    expect(errors).toEqual(['earlier', "a.json: id: the JSONPath '$.uid' found nothing", expect.stringMatching(/^c\.json: format: not valid JSON/)]);
  });

  it('reports a JSONPath that cannot run instead of throwing', async () => {
    const { items, errors } = await apply({ configs: [{ config: { a: [1] }, source: 's.json', id: 'i', type: 'T' }] }, { items: '$.a[?(@ > 0)]' });
    expect(items).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^s\.json: .*prevented/)]);
  });

  it('reports an item without type', async () => {
    const { items, errors } = await apply({ configs: [{ config: { a: 1 }, id: 'i' }] }, {});
    expect(items).toEqual([]);
    expect(errors).toEqual(['file[0]: type: required (neither the entry nor the scraper gave one)']);
  });

  it('normalises the body: exclude by type, mask by CEL selector', async () => {
    const { items } = await apply(
      { configs: [{ config: deployments }] },
      {
        items: '$.items[*]',
        id: '$.metadata.uid',
        type: 'App::Deployment',
        transform: {
          exclude: [{ jsonpath: '$.rv' }, { jsonpath: '$.status', types: ['Other::Type'] }],
          mask: [{ selector: "config.metadata.env == 'prod'", jsonpath: '$.secret', value: '***' }],
        },
      },
    );
    expect(JSON.stringify(items[0].config)).toBe(
      '{"health":"OK","metadata":{"created":"2024-01-02T03:04:05Z","env":"prod","name":"web","uid":"u1"},"secret":"***","status":"Running"}',
    );
    expect((items[1].config as { secret: string; rv?: string }).secret).toBe('x');
    expect((items[1].config as { rv?: string }).rv).toBeUndefined();
  });

  it('collects relationships from the item and from transform.relationship', async () => {
    const { items } = await apply(
      {
        configs: [
          {
            config: { ns: 'shop', node: 'n1' },
            id: 'p',
            type: 'Kubernetes::Pod',
            parent: { type: 'Kubernetes::Namespace', externalId: 'shop' },
            relationships: [{ to: { type: 'Kubernetes::Node', externalId: 'n1' }, relation: 'PodNode' }],
          },
        ],
      },
      {
        transform: {
          relationship: [
            { type: 'Kubernetes::Namespace', name: '$.ns', parent: true },
            { externalId: { jsonpath: '$.node' }, type: { value: 'Host' }, relation: 'RunsOn' },
            { name: '$.missing' },
          ],
        },
      },
    );
    expect(items[0].parent).toEqual({ type: 'Kubernetes::Namespace', externalId: 'shop' });
    expect(items[0].relationships).toEqual([
      { selector: { type: 'Kubernetes::Node', externalId: 'n1' }, relation: 'PodNode', incoming: false },
      { selector: { type: 'Kubernetes::Namespace', name: 'shop' }, relation: 'related', incoming: true },
      { selector: { externalId: 'n1', type: 'Host' }, relation: 'RunsOn', incoming: false },
    ]);
  });

  it('runs changes.exclude and changes.mapping with CEL', async () => {
    const on = { type: 'App::Deployment', externalId: 'u1' };
    const { changes, errors } = await apply(
      {
        configs: [{ config: { uid: 'u1', replicas: 0 }, id: 'u1', type: 'App::Deployment' }],
        changes: [
          { on, changeType: 'Pulled', summary: 'image pulled' },
          { on, changeType: 'BackOff', summary: 'restarting' },
          { on, changeType: 'Scaled', details: { replicas: 0 } },
          { on, changeType: 'Killing' },
          { on, changeType: 'Deleted' },
          { on, changeType: 'Other' },
        ],
      },
      {
        transform: {
          changes: {
            exclude: ["change_type == 'Pulled'", 'change.summary.startsWith(1)'],
            mapping: [
              { filter: "change.type == 'BackOff'", type: 'CrashLoop', severity: 'high', summary: 'crash looping' },
              { filter: "change.type == 'Scaled' && config.replicas == 0", type: 'ScaledToZero' },
              { filter: "change.type == 'Killing'", action: 'ignore' },
              { filter: "change.type == 'Deleted'", action: 'delete' },
            ],
          },
        },
      },
    );
    expect(changes.map((c) => [c.changeType, c.severity, c.summary, c.deletesConfig])).toEqual([
      ['CrashLoop', 'high', 'crash looping', undefined],
      ['ScaledToZero', undefined, undefined, undefined],
      ['Deleted', undefined, undefined, true],
      ['Other', undefined, undefined, undefined],
    ]);
    // The bad exclude rule is reported for each change it ran on (Pulled was dropped by the first rule), never thrown.
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/^change BackOff on App::Deployment\/u1: transform\.changes\.exclude\[1\]: /);
  });

  it('raises insights from analysis rules and keeps the scraper ones', async () => {
    const scraped = { on: { type: 'X', externalId: 'y' }, analyzer: 'own', analysisType: 'security' as const, severity: 'low' as const, message: 'm' };
    const { analysis, errors } = await apply(
      {
        configs: [
          { config: { replicas: 0 }, id: 'a', type: 'App', name: 'a', labels: { tier: 'web' } },
          { config: { replicas: 2 }, id: 'b', type: 'App', name: 'b' },
        ],
        analysis: [scraped],
      },
      {
        analysis: [
          {
            name: 'no-replicas',
            filter: "config.replicas == 0 && item.labels.tier == 'web'",
            type: 'availability',
            severity: 'high',
            message: 'scaled to zero',
          },
          { name: 'named-b', filter: "item.name == 'b'" },
          { name: 'broken', filter: 'config.replicas' },
        ],
      },
    );
    expect(analysis).toEqual([
      scraped,
      { on: { type: 'App', externalId: 'a' }, analyzer: 'no-replicas', analysisType: 'availability', severity: 'high', message: 'scaled to zero' },
      { on: { type: 'App', externalId: 'b' }, analyzer: 'named-b', analysisType: 'other', severity: 'medium', message: 'named-b' },
    ]);
    expect(errors).toEqual(['App/a: analysis[2].filter: must be true or false, it gave 0', 'App/b: analysis[2].filter: must be true or false, it gave 2']);
  });

  it('normalises health words', () => {
    expect([normaliseHealth('Healthy'), normaliseHealth('failed'), normaliseHealth('warn'), normaliseHealth('weird'), normaliseHealth(undefined)]).toEqual([
      'healthy',
      'unhealthy',
      'warning',
      'unknown',
      null,
    ]);
  });
});
