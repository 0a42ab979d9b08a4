import { Database20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The Postgres check's editor fields (spec 03 health check editors). Credentials go in the connection URL or a
 * `connection://` reference: the runner reads `username`/`password` only as plain strings, not secret references.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'postgres',
      label: 'Postgres',
      icon: Database20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'connection', label: 'Connection (postgres:// URL or connection://name)', kind: 'text', required: true },
        { name: 'query', label: 'Query', kind: 'textarea' },
        { name: 'results', label: 'Expected rows', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
