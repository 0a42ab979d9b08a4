/** The part of `json-merge-patch` (no types of its own) the Kubernetes API uses; plugins/catalog declares `generate`. */
declare module 'json-merge-patch' {
  /** Applies an RFC 7386 merge patch to `target` (changing it) and answers the result. */
  export function apply(target: unknown, patch: unknown): unknown;
}
