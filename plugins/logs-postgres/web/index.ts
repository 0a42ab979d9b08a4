import { Database20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** A new postgres backend starts on a table of log rows (or a read-only query instead of `table`). */
const example = `postgres:
  # connection://<name> of a stored connection, or a postgres:// URL
  connection: connection://logs-db
  table: public.app_logs
  # query: SELECT created_at, body, severity, service FROM app_logs WHERE service <> 'noise'
  timeColumn: created_at
  messageColumn: body
  levelColumn: severity
  labelColumns: [service]
`;

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('logs.backendTypes', { id: 'postgres', label: 'Postgres', icon: Database20Regular, example });
  },
});
