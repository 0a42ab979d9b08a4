import { Cube20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The Kubernetes scraper's editor fields (spec 03: cluster name is required). Exclusions, `watch` and event
 * settings are edited in the Code tab; the gateway validates the same fields.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('catalog.scraperTypes', {
      id: 'kubernetes',
      label: 'Kubernetes',
      icon: Cube20Regular,
      order: 10,
      fields: [
        { name: 'clusterName', label: 'Cluster name', kind: 'text', required: true },
        { name: 'kubeconfig', label: 'Kubeconfig', kind: 'secret' },
        { name: 'namespace', label: 'Namespace', kind: 'text' },
        { name: 'selector', label: 'Label selector', kind: 'text' },
        { name: 'fieldSelector', label: 'Field selector', kind: 'text' },
      ],
    });
  },
});
