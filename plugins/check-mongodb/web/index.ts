import { LeafOne20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The MongoDB check's editor fields (spec 03 health check editors); the gateway runner validates the same fields. */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'mongodb',
      order: 130,
      label: 'Mongo DB',
      icon: LeafOne20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'connection', label: 'Connection', kind: 'text', required: true },
        { name: 'username', label: 'Username', kind: 'text' },
        { name: 'password', label: 'Password', kind: 'secret' },
        { name: 'db', label: 'Database', kind: 'text' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
