import { BoxSearch20Regular, Database20Regular, Edit20Regular, Globe20Regular, WindowConsole20Regular } from '@fluentui/react-icons';
import { DEFAULT_TOPOLOGY_SCHEDULE, TOPOLOGY_API_VERSION, TOPOLOGY_KIND } from '@contracts';
import type { TypeExtension } from '@web/core/plugin-host';

/** A whole Topology document as a starter writes it (the editor takes its `spec`; the name is the user's). */
export interface TopologyStarterDocument {
  apiVersion: typeof TOPOLOGY_API_VERSION;
  kind: typeof TOPOLOGY_KIND;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: { schedule: string; icon: string; type: string; components: Record<string, unknown>[] };
}

/** A tile of the topology editor's type picker: a starting point, not a stored type (topologies have none). */
export interface TopologyStarter extends TypeExtension {
  document: TopologyStarterDocument;
}

const starterDocument = (name: string, spec: Omit<TopologyStarterDocument['spec'], 'schedule'>): TopologyStarterDocument => ({
  apiVersion: TOPOLOGY_API_VERSION,
  kind: TOPOLOGY_KIND,
  metadata: { name, namespace: 'default', labels: {} },
  spec: { schedule: DEFAULT_TOPOLOGY_SCHEDULE, ...spec },
});

/*
 * Each lookup is a check spec of its type (the fields its runner validates) plus `display`, which turns the check's
 * result into the child components. The result's details are the expression's variables: a catalog lookup's
 * `items` (id, name, type, health, status, labels, tags), a postgres lookup's `rows`, an http lookup's `json`, an
 * exec lookup's `stdout`. The expressions are CEL as the core evaluator (cel-js) runs it: a map literal's values
 * must share one type, so literals next to result fields are wrapped in `dyn()`.
 */

/** Components from catalogue items: one per `Shop::Service` config (the demo catalogue's), linked to that config. */
const CATALOG = starterDocument('shop-services', {
  icon: 'server',
  type: 'Application',
  components: [
    {
      name: 'Services',
      type: 'ServiceGroup',
      icon: 'server',
      lookup: {
        catalog: [
          {
            name: 'shop-services',
            selector: { types: ['Shop::Service'] },
            display: {
              expr: "items.map(i, {'name': i.name, 'type': i.type, 'icon': dyn('server'), 'configs': dyn([{'name': i.name, 'types': dyn([i.type])}])})",
            },
          },
        ],
      },
    },
  ],
});

/**
 * Components from the rows of a query. The SQL check type that runs is `postgres` (health's `sql` is a placeholder
 * type with no runner); the connection is a stored one (Settings › Connections).
 */
const SQL = starterDocument('databases', {
  icon: 'database',
  type: 'Database',
  components: [
    {
      name: 'Databases',
      type: 'DatabaseGroup',
      icon: 'database',
      lookup: {
        postgres: [
          {
            name: 'databases',
            connection: 'connection://inventory-db',
            query: 'SELECT name, engine, size_gb FROM databases ORDER BY name',
            display: {
              expr:
                "rows.map(r, {'name': r.name, 'type': dyn('Database'), 'icon': dyn('database'), 'properties': dyn([" +
                "{'name': dyn('engine'), 'text': r.engine}, {'name': dyn('size'), 'value': r.size_gb, 'unit': dyn('GB'), 'headline': dyn(true)}])})",
            },
          },
        ],
      },
    },
  ],
});

/** Components from a JSON API: a Statuspage-style `components.json` (`{components: [{name, status}]}`). */
const HTTP = starterDocument('status-page', {
  icon: 'http',
  type: 'Website',
  components: [
    {
      name: 'Status page',
      type: 'Website',
      icon: 'http',
      lookup: {
        http: [
          {
            name: 'status-page',
            url: 'https://status.example.com/api/v2/components.json',
            display: {
              expr:
                "json.components.map(c, {'name': c.name, 'type': dyn('WebsiteComponent'), 'icon': dyn('http'), " +
                "'properties': dyn([{'name': dyn('status'), 'text': c.status, 'headline': dyn(true)}])})",
            },
          },
        ],
      },
    },
  ],
});

/** Components from a script's output (one `mount used%` line per file system); scripts run in the core sandbox. */
const EXEC = starterDocument('file-systems', {
  icon: 'storage',
  type: 'Server',
  components: [
    {
      name: 'File systems',
      type: 'FileSystemGroup',
      icon: 'storage',
      lookup: {
        exec: [
          {
            name: 'file-systems',
            script: "df -P -k | awk 'NR > 1 { print $6, $5 + 0 }'",
            display: {
              expr:
                "stdout.trim().split('\\n').filter(l, l != '').map(l, {'name': dyn(l.split(' ')[0]), 'type': dyn('FileSystem'), 'icon': dyn('storage'), " +
                "'properties': dyn([{'name': dyn('used'), 'value': dyn(int(l.split(' ')[1])), 'max': dyn(100), 'unit': dyn('%'), 'headline': dyn(true)}])})",
            },
          },
        ],
      },
    },
  ],
});

/** Components written by hand: properties, checks by selector and inline, configs by selector, a child component. */
const STATIC = starterDocument('checkout', {
  icon: 'cart',
  type: 'Application',
  components: [
    {
      name: 'Checkout',
      type: 'Service',
      icon: 'cart',
      properties: [
        { name: 'tier', text: 'critical', headline: true },
        { name: 'replicas', value: 3, max: 5 },
      ],
      checks: [{ selector: { labelSelector: 'app=checkout' } }],
      configs: [{ name: 'checkout', types: ['Shop::Service'] }],
      components: [
        {
          name: 'Checkout API',
          type: 'API',
          icon: 'http',
          checks: [{ inline: { http: [{ name: 'checkout-api', url: 'https://checkout.example.com/health' }] } }],
        },
      ],
    },
  ],
});

/** The picker's tiles in order (then Custom: the Code tab). */
export const TOPOLOGY_STARTERS: readonly TopologyStarter[] = [
  { id: 'catalog', label: 'Catalog', icon: BoxSearch20Regular, document: CATALOG },
  { id: 'sql', label: 'SQL', icon: Database20Regular, document: SQL },
  { id: 'http', label: 'HTTP', icon: Globe20Regular, document: HTTP },
  {
    id: 'exec',
    label: 'Exec',
    icon: WindowConsole20Regular,
    // As the canary editor's Exec tile: the gateway refuses a script from anyone without write on `exec`.
    savePermission: { resource: 'exec', action: 'write' },
    savePermissionHint: 'Only administrators may add lookups that run scripts on the console',
    document: EXEC,
  },
  { id: 'static', label: 'Static', icon: Edit20Regular, document: STATIC },
];
