import { DocumentText20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** A new file backend starts on the console's own log (relative paths are below the first of LOG_FILE_ROOTS). */
const example = `file:
  # Files or globs below LOG_FILE_ROOTS (relative paths: below the first of them)
  path:
    - console.log
    - console.log.1
  # json (time/msg/level fields) or text; by default a line that parses as a JSON object is json
  # format: text
  # For text lines, a regular expression with named groups time, level, message:
  # pattern: '^(?<time>\\S+) (?<level>[A-Z]+) (?<message>.*)$'
  labels:
    app: console
`;

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('logs.backendTypes', { id: 'file', label: 'File', icon: DocumentText20Regular, example });
  },
});
