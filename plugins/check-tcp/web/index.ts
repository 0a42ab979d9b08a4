import { PlugConnected20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The TCP check's editor fields (spec 03 health check editors); `endpoint: host:port` is edited in the Code tab. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'tcp',
      order: 300,
      label: 'TCP',
      icon: PlugConnected20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'host', label: 'Host', kind: 'text', required: true },
        { name: 'port', label: 'Port', kind: 'number', required: true },
        { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
