import { Database20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The Postgres check's editor fields (spec 03 health check editors). Username and password override the connection
 * URL's and may be static values or secret / config-map references.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'postgres',
      order: 310,
      label: 'Postgres',
      icon: Database20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'connection', label: 'Connection (postgres:// URL or connection://name)', kind: 'text', required: true },
        { name: 'username', label: 'Username', kind: 'secret' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'query', label: 'Query', kind: 'textarea' },
        { name: 'results', label: 'Expected rows', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
