import type { ResolvedConnection } from '@contracts';
import { createExtensionPoint } from '../plugin-host/extension-point';

/** A connection field a type needs (`properties.<key>` for a property). */
export type ConnectionRequirement = 'url' | 'username' | 'password' | 'certificate' | `properties.${string}`;

/**
 * What a plugin contributes for a connection type: how to test a connection of that type against its peer,
 * and which fields a connection of that type must have (checked when connections are saved).
 * Resolves on success; throws an Error whose message is the peer's answer otherwise.
 */
export interface ConnectionTest {
  readonly type: string;
  /** Every entry must be present; an inner array means "one of these" (e.g. a client secret or a bearer token). */
  readonly requires?: readonly (ConnectionRequirement | readonly ConnectionRequirement[])[];
  test(connection: ResolvedConnection): Promise<void>;
}

/**
 * Connection types that can be tested against their peer: `@Extension(CONNECTION_TESTS, '<connection type>')` on a
 * provider implementing ConnectionTest. The connections plugin reads them.
 */
export const CONNECTION_TESTS = createExtensionPoint<ConnectionTest>({
  id: 'connectionTests',
  description: 'connection types: how to test one and what it requires',
});
