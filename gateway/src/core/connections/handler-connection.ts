import type { ResolvedConnection } from '@contracts';
import type { ConnectionStore } from './connection-store';

/**
 * The connection a responder (or another handler) talks to: the one it was given, else the named instance, else the
 * first connection of its types. Throws with a message naming the product when there is none, or when the one found
 * is of another type.
 */
export async function handlerConnection(
  store: Pick<ConnectionStore, 'resolve' | 'firstOfType'>,
  product: string,
  types: readonly string[],
  given: ResolvedConnection | null,
  instance?: string,
): Promise<ResolvedConnection> {
  const found = given ?? (instance ? await store.resolve(instance) : await store.firstOfType(types));
  if (!found) throw new Error(instance ? `${product} instance ${instance} not found` : `No ${product} connection is configured`);
  if (!types.includes(found.type)) throw new Error(`Connection ${found.name} is not a ${product} connection`);
  return found;
}
