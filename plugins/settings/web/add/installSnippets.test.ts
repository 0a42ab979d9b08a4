import { chartValueFields, defaultValues, missingRequired, setValues } from './chartValues';
import { type IntegrationChart } from './chartValues';
import { fluxSnippet, helmSetArgs, helmSnippet, namespaceProblem, shellQuote } from './installSnippets';

const chart: IntegrationChart = {
  name: 'aws',
  chart: 'mission-control-aws',
  version: null,
  repository: { name: 'flanksource', url: 'https://flanksource.github.io/charts' },
  source: 'built-in',
  valuesSchema: {
    type: 'object',
    required: ['regions'],
    properties: {
      regions: { type: 'array', items: { type: 'string' }, title: 'Regions', default: ['us-east-1'] },
      retries: { type: 'integer', title: 'Retries' },
      mode: { type: 'string', enum: ['fast', 'full'], default: 'fast' },
      'bad.key': { type: 'string' },
      list: { type: 'array', items: { type: 'object' } },
      scraper: { type: 'object', required: ['schedule'], properties: { schedule: { type: 'string', default: '@every 30m' } } },
    },
  },
};

describe('chart values', () => {
  it('draws scalar values, lists of strings and choices; leaves out keys a path cannot hold and lists of objects', () => {
    const fields = chartValueFields(chart.valuesSchema);
    expect(fields.map(({ field }) => [field.name, field.kind, Boolean(field.required)])).toEqual([
      ['regions', 'lines', true],
      ['retries', 'number', false],
      ['mode', 'select', false],
      // Required inside an object that is not itself required: optional.
      ['scraper.schedule', 'text', false],
    ]);
    expect(defaultValues(fields)).toEqual({ regions: ['us-east-1'], mode: 'fast', scraper: { schedule: '@every 30m' } });
    expect(missingRequired(fields, { regions: [] })).toEqual(['Regions']);
  });

  it('carries only the values set', () => {
    expect(setValues({ a: '', b: [], c: { d: undefined, e: ' ' }, f: false, g: 0, h: 'x' })).toEqual({ f: false, g: 0, h: 'x' });
  });
});

describe('install snippets', () => {
  it('quotes for the shell only when needed, and keeps single quotes', () => {
    expect(shellQuote('mission-control')).toBe('mission-control');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it('writes values as helm reads them back: lists, escaped commas, text that looks like a number', () => {
    expect(helmSetArgs({ regions: ['us-east-1', 'eu-west-1'], label: 'a,b', version: '1.20', on: true, n: 3, nested: { x: 'y' } })).toEqual([
      "--set 'regions={us-east-1,eu-west-1}'",
      "--set 'label=a\\,b'",
      '--set-string version=1.20',
      '--set on=true',
      '--set n=3',
      '--set nested.x=y',
    ]);
  });

  it('leaves the version out when the chart has none (the newest is taken)', () => {
    expect(helmSnippet(chart, 'mission-control', {})).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        'helm repo update',
        'helm install mission-control-aws flanksource/mission-control-aws \\\n  -n mission-control \\\n  --create-namespace',
      ].join('\n'),
    );
    const flux = fluxSnippet(chart, 'mission-control', {});
    expect(flux).not.toContain('version:');
    expect(flux).not.toContain('values:');
    expect(flux).toContain('sourceRef:\n        kind: HelmRepository\n        name: flanksource\n        namespace: mission-control');
  });

  it('takes a Kubernetes namespace only', () => {
    expect(namespaceProblem('mission-control')).toBeNull();
    expect(namespaceProblem('')).toBe('This field is required');
    for (const bad of ['Mission', '-a', 'a-', 'a_b', 'a'.repeat(64)]) expect(namespaceProblem(bad)).toMatch(/^A namespace is/);
  });
});
