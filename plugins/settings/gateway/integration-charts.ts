/**
 * The charts behind the Add Integration dialog's "Add via GitOps" tiles (spec 03 §2, §7 Chart metadata): the
 * allow-list of names `GET /api/integrations/charts/{name}` answers, each with the values users set most as a small
 * JSON schema. The schema is a stand-in: a chart shipped in the repository's `helm/` folder brings its own
 * `values.schema.json`, which wins (integration-charts.service.ts).
 */

/** The subset of JSON Schema the dialog's form draws: objects of strings, numbers, booleans and lists of strings. */
export interface ValuesSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, ValuesSchema>;
  required?: string[];
  items?: ValuesSchema;
  [keyword: string]: unknown;
}

/** What `GET /api/integrations/charts/{name}` answers. */
export interface IntegrationChart {
  /** The tile's key (`kubernetes`). */
  name: string;
  /** The Helm chart's name (`mission-control-kubernetes`). */
  chart: string;
  /** The chart's version from its Chart.yaml; null for the built-in schema (the snippets then take the newest). */
  version: string | null;
  /** The Helm repository the snippets add. */
  repository: { name: string; url: string };
  /** `helm`: read from the repository's helm/ folder; `built-in`: this file's schema. */
  source: 'helm' | 'built-in';
  valuesSchema: ValuesSchema;
}

export const CHART_REPOSITORY = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;

const schedule: ValuesSchema = {
  type: 'string',
  title: 'Scrape schedule',
  description: 'How often the catalogue is scraped (cron or @every <duration>)',
  default: '@every 30m',
};

const connection = (what: string): ValuesSchema => ({
  type: 'string',
  title: 'Connection',
  description: `A stored connection holding the ${what} credentials (connection://<namespace>/<name>)`,
});

interface BuiltInChart {
  chart: string;
  valuesSchema: ValuesSchema;
  /** The folder under helm/ of the chart this repository ships for the tile, when named otherwise (`ops-console`). */
  shippedAs?: string;
}

/** The allow-list: a name not here is a 404, and never becomes a path. */
export const BUILT_IN_CHARTS: Readonly<Record<string, BuiltInChart>> = {
  aws: {
    chart: 'mission-control-aws',
    valuesSchema: {
      type: 'object',
      required: ['regions'],
      properties: {
        regions: { type: 'array', items: { type: 'string' }, title: 'Regions', default: ['us-east-1'] },
        connection: connection('AWS access key'),
        assumeRole: { type: 'string', title: 'Assume role', description: 'ARN of a role to assume' },
        scraper: { type: 'object', properties: { schedule } },
      },
    },
  },
  azure: {
    chart: 'mission-control-azure',
    valuesSchema: {
      type: 'object',
      required: ['tenantID', 'subscriptionID'],
      properties: {
        tenantID: { type: 'string', title: 'Tenant ID' },
        subscriptionID: { type: 'string', title: 'Subscription ID' },
        connection: connection('Azure client'),
        scraper: { type: 'object', properties: { schedule } },
      },
    },
  },
  prometheus: {
    chart: 'mission-control-prometheus',
    valuesSchema: {
      type: 'object',
      required: ['url'],
      properties: {
        url: { type: 'string', title: 'Prometheus URL', default: 'http://prometheus.monitoring.svc:9090' },
        connection: connection('Prometheus'),
      },
    },
  },
  flux: {
    chart: 'mission-control-flux',
    valuesSchema: {
      type: 'object',
      properties: {
        topology: { type: 'object', properties: { enabled: { type: 'boolean', title: 'Topology', default: true } } },
        playbooks: { type: 'object', properties: { enabled: { type: 'boolean', title: 'Playbooks', default: true } } },
      },
    },
  },
  kubernetes: {
    chart: 'mission-control-kubernetes',
    valuesSchema: {
      type: 'object',
      required: ['clusterName'],
      properties: {
        clusterName: { type: 'string', title: 'Cluster name', description: 'The name the cluster is shown under' },
        scraper: { type: 'object', properties: { schedule } },
        prometheus: { type: 'object', properties: { url: { type: 'string', title: 'Prometheus URL' } } },
      },
    },
  },
  'mission-control': {
    chart: 'mission-control',
    // "Install the console itself": this repository's own chart (helm/ops-console) when it is shipped.
    shippedAs: 'ops-console',
    valuesSchema: {
      type: 'object',
      properties: {
        global: {
          type: 'object',
          properties: { ui: { type: 'object', properties: { host: { type: 'string', title: 'UI host name' } } } },
        },
        authProvider: { type: 'string', title: 'Authentication', enum: ['kratos', 'clerk'], default: 'kratos' },
        'flanksource-ui': { type: 'object', properties: { enabled: { type: 'boolean', title: 'Web UI', default: true } } },
      },
    },
  },
};

export const INTEGRATION_CHART_NAMES = Object.keys(BUILT_IN_CHARTS);
