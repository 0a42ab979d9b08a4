import { TextBulletListSquare20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The Loki tile of the Log Backends form and the spec a new backend starts from (fields: plugins/logs-loki/README.md). */
const example = `loki:
  url: http://loki:3100            # or connection://<name>
  # username / password (Basic) or bearer: a value or {valueFrom: {secretKeyRef: {name, key}}}
  # tenant: team-a                 # X-Scope-OrgID, when Loki runs multi-tenant
  selector: '{namespace="default"}' # used when a component's log entry gives no query
`;

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('logs.backendTypes', { id: 'loki', label: 'Loki', icon: TextBulletListSquare20Regular, example });
  },
});
