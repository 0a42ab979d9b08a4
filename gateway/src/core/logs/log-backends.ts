import type { LogBackendType } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Log-backend types. Each `plugins/logs-<type>` contributes one `LogBackendType`: `@Extension(LOG_BACKENDS, 'loki')`.
 * The logs area (`plugins/logs`) reads them to validate logging backends and to search a component's logs; the ids
 * are the list of backend types (no other list exists).
 */
export const LOG_BACKENDS = createExtensionPoint<LogBackendType>({ id: 'logs', description: 'log backend types: one per logging backend spec key' });
