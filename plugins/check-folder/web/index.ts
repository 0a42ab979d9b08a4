import { Folder20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The folder check's editor fields (spec 03 health check editors). Ages are durations (30m, 2d), sizes like 10kb. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'folder',
      order: 200,
      label: 'Folder',
      icon: Folder20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'path', label: 'Path (absolute)', kind: 'text', required: true },
        { name: 'filter.regex', label: 'File name filter (regex)', kind: 'text' },
        { name: 'minAge', label: 'Minimum age of the newest file', kind: 'text' },
        { name: 'maxAge', label: 'Maximum age of the newest file', kind: 'text' },
        { name: 'minCount', label: 'Minimum file count', kind: 'number' },
        { name: 'maxCount', label: 'Maximum file count', kind: 'number' },
        { name: 'minSize', label: 'Minimum size (smallest file)', kind: 'text' },
        { name: 'maxSize', label: 'Maximum size (largest file)', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
