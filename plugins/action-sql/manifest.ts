import type { PluginManifest } from '@contracts';

/** Playbook action type `sql` (spec 02 Playbooks): one statement on Postgres or MySQL/MariaDB. */
const manifest: PluginManifest = { id: 'action-sql', title: 'SQL action', feature: 'playbooks' };

export default manifest;
