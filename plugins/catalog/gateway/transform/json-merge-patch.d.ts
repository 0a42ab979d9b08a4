/** The part of `json-merge-patch` (no types of its own) the transform uses. */
declare module 'json-merge-patch' {
  /** The RFC 7386 merge patch turning `before` into `after`; undefined when they are equal. */
  export function generate(before: unknown, after: unknown): unknown;
}
