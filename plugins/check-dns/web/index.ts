import { GlobeSearch20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

const QUERY_TYPES = ['A', 'CNAME', 'SRV', 'MX', 'PTR', 'TXT', 'NS'];

/** The DNS check's editor fields (spec 03 health check editors); `exactreply` (a list) is edited in the Code tab. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'dns',
      order: 140,
      label: 'DNS',
      icon: GlobeSearch20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'query', label: 'Query', kind: 'text', required: true },
        { name: 'querytype', label: 'Query type', kind: 'select', options: QUERY_TYPES.map((t) => ({ value: t, label: t })) },
        { name: 'server', label: 'Server (IP address)', kind: 'text' },
        { name: 'port', label: 'Port', kind: 'number' },
        { name: 'minrecords', label: 'Minimum records', kind: 'number' },
        { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
