import { DatabaseLightning20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The Redis check's editor fields (spec 03 health check editors); `url: redis://...` is edited in the Code tab. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'redis',
      order: 120,
      label: 'Redis',
      icon: DatabaseLightning20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'addr', label: 'Address (host:port)', kind: 'text', required: true },
        { name: 'username', label: 'Username', kind: 'secret' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'db', label: 'Database', kind: 'number' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
