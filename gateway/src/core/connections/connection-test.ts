import type { ResolvedConnection } from '@contracts';

/** Gateway extension point: `@Extension('connectionTests', '<connection type>')` on a provider implementing ConnectionTest. */
export const CONNECTION_TESTS_EXTENSION_POINT = 'connectionTests';

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
