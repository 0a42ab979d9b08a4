import { DataTrending20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The Prometheus check's editor fields (spec 03 health check editors); the gateway runner validates the same fields. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'prometheus',
      order: 210,
      label: 'Prometheus',
      icon: DataTrending20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'url', label: 'URL', kind: 'text', required: true },
        { name: 'query', label: 'Query (PromQL)', kind: 'textarea', required: true },
        { name: 'username', label: 'Username', kind: 'text' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'bearer', label: 'Bearer token', kind: 'secret' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
