import { Pulse20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The ICMP ping check's editor fields (spec 03 health check editors). */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'icmp',
      order: 150,
      label: 'ICMP Ping',
      icon: Pulse20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'endpoint', label: 'Endpoint (host name or IP)', kind: 'text', required: true },
        { name: 'packetCount', label: 'Packet count', kind: 'number' },
        { name: 'packetLossThreshold', label: 'Packet loss threshold (%)', kind: 'number' },
        { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
