/**
 * A small bounded memo for pure parsers: the same query string or header text parses to the same value, and a
 * console polls the same few list queries over and over. Values are shared between requests, so what it holds must be
 * treated as immutable by every reader (the planner and builders only read the parsed query). Failures are not kept:
 * a malformed input is parsed (and refused) every time. Inputs longer than `maxKeyLength` are not kept either, so the
 * memo's size is bounded by `maxEntries × maxKeyLength`. When full, the oldest entry goes first (a hit is a plain
 * lookup: keeping least-recently-used order would cost a delete and an insert on every hit).
 */
export class ParseCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly parse: (input: string) => T,
    private readonly maxEntries = 500,
    private readonly maxKeyLength = 2048,
  ) {}

  get(input: string): T {
    const hit = this.entries.get(input);
    if (hit !== undefined) return hit;
    const value = this.parse(input);
    if (input.length <= this.maxKeyLength) {
      // Maps iterate in insertion order: the first key is the oldest.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(input, value);
    }
    return value;
  }
}
