import { Beaker20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The JUnit check's editor fields (spec 03 health check editors); the gateway runner validates the same fields. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'junit',
      order: 270,
      label: 'JUnit',
      icon: Beaker20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'testResults', label: 'Test results folder', kind: 'text', required: true },
        { name: 'timeout', label: 'Timeout (minutes)', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
