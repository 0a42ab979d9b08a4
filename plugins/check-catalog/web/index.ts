import { BoxSearch20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The catalog check's editor fields (spec 03 health check editors) for one selector; lists are comma-separated,
 * selectors use Kubernetes syntax (env=prod,team in (a,b)). Several selectors are written in the YAML editor.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'catalog',
      order: 240,
      label: 'catalog',
      icon: BoxSearch20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'selector.name', label: 'Item name', kind: 'text' },
        { name: 'selector.namespace', label: 'Namespace', kind: 'text' },
        { name: 'selector.types', label: 'Types', kind: 'text' },
        { name: 'selector.statuses', label: 'Statuses', kind: 'text' },
        {
          name: 'selector.healths',
          label: 'Health',
          kind: 'select',
          options: ['healthy', 'unhealthy', 'warning', 'unknown'].map((h) => ({ value: h, label: h })),
        },
        { name: 'selector.labelSelector', label: 'Label selector', kind: 'text' },
        { name: 'selector.tagSelector', label: 'Tag selector', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
