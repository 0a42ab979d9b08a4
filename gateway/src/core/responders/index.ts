import type { ResponderHandler } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Responder types that deliver to a peer (email, Jira, ServiceNow, Planner, person). Each `plugins/responder-<type>`
 * contributes its handler: `@Extension(RESPONDER_HANDLERS, 'jira')`. The incidents plugin reads them; the ids are
 * the responder types the gateway accepts (no other list exists).
 */
export const RESPONDER_HANDLERS = createExtensionPoint<ResponderHandler>({
  id: 'responders',
  description: 'responder types: one handler per responder type id',
});
