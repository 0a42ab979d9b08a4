import type { LogBackendType, LogSearchRequest, LogSearchResponse } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/**
 * Log-backend types. Each `plugins/logs-<type>` contributes one `LogBackendType`: `@Extension(LOG_BACKENDS, 'loki')`.
 * The logs area (`plugins/logs`) reads them to validate logging backends and to search a component's logs; the ids
 * are the list of backend types (no other list exists).
 */
export const LOG_BACKENDS = createExtensionPoint<LogBackendType>({ id: 'logs', description: 'log backend types: one per logging backend spec key' });

/**
 * A component's log search as other areas use it (the topology snapshot adds a component's recent lines). One
 * provider, the logs area: `@Extension(LOG_SEARCH, 'logs')`; absent when that plugin is not installed.
 */
export interface ComponentLogSearch {
  /** Lines of the component's log selector `name` (its first when absent); 404-style errors are thrown as DomainErrors. */
  search(request: LogSearchRequest): Promise<LogSearchResponse>;
}

export const LOG_SEARCH = createExtensionPoint<ComponentLogSearch>({ id: 'log-search', description: "a component's log search, for other areas" });
