import { Search20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The OpenSearch check's editor fields (spec 03 health check editors); the gateway runner validates the same fields. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'opensearch',
      label: 'OpenSearch',
      icon: Search20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'url', label: 'URL', kind: 'text', required: true },
        { name: 'index', label: 'Index', kind: 'text', required: true },
        { name: 'query', label: 'Query (JSON search body)', kind: 'textarea' },
        { name: 'results', label: 'Expected results', kind: 'number' },
        { name: 'username', label: 'Username', kind: 'text' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
