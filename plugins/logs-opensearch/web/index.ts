import { DocumentSearch20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The OpenSearch tile of the Log Backends form and the spec a new backend starts from (fields: plugins/logs-opensearch/README.md). */
const example = `opensearch:
  url: https://opensearch:9200     # or connection://<name>
  index: logs-*                    # a name, a pattern or a comma-separated list
  # username / password (Basic): a value or {valueFrom: {secretKeyRef: {name, key}}}
  timeField: '@timestamp'
  messageField: message
  # levelField: level
  # labelFields: [service, kubernetes.pod.name]
  # query: 'service:checkout'      # query_string used when a component's log entry gives no query
`;

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('logs.backendTypes', { id: 'opensearch', label: 'OpenSearch', icon: DocumentSearch20Regular, example });
  },
});
