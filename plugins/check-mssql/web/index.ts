import { Database20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The SQL Server check's editor fields (spec 03 health check editors); the gateway runner validates the same fields.
 * `$(username)` and `$(password)` in the connection are the Username and Password fields.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'mssql',
      order: 330,
      label: 'SQL Server',
      icon: Database20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'connection', label: 'Connection (server=…;port=…;database=…, sqlserver:// URL or connection://name)', kind: 'text', required: true },
        { name: 'username', label: 'Username', kind: 'secret' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'query', label: 'Query', kind: 'textarea' },
        { name: 'results', label: 'Expected rows', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
