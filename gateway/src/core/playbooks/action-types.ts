import type { ActionType } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Playbook action types. Each `plugins/action-<type>` contributes one `ActionType` per body key it serves in a
 * playbook's `actions[]`: `@Extension(ACTION_TYPES, 'exec')`. The playbooks plugin reads them to validate specs at
 * save time (an unknown key is refused) and to run actions; the ids are the list of action types (no other list).
 */
export const ACTION_TYPES = createExtensionPoint<ActionType>({ id: 'actions', description: 'playbook action types: one per action body key' });
