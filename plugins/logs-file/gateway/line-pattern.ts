import type { ExpressionEvaluator } from '@gateway/core/cel';

/** The longest `pattern` a backend may hold. */
export const MAX_PATTERN_CHARS = 2000;
/** The named groups a pattern reads into a line (others become labels). */
export const LINE_GROUPS = ['time', 'level', 'message'] as const;

/** The names of a pattern's named groups `(?<name>...)`. */
export function groupNames(pattern: string): string[] {
  return [...pattern.matchAll(/\(\?<([A-Za-z_$][A-Za-z0-9_$]*)>/g)].map((m) => m[1]);
}

/**
 * Why a text line `pattern` is refused, or null. It is only compiled here (parsing a regular expression is linear in
 * its length; nothing runs it on the gateway's thread) and must name at least one of the groups time, level, message.
 */
export function patternProblem(pattern: unknown): string | null {
  if (typeof pattern !== 'string' || !pattern) return 'must be a regular expression with named groups time, level, message';
  if (pattern.length > MAX_PATTERN_CHARS) return `is too long: at most ${MAX_PATTERN_CHARS} characters`;
  try {
    new RegExp(pattern);
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`;
  }
  if (!groupNames(pattern).some((name) => (LINE_GROUPS as readonly string[]).includes(name))) {
    return 'must have at least one of the named groups (?<time>…), (?<level>…), (?<message>…)';
  }
  return null;
}

/** Runs in the evaluator's sandbox with `pattern` and `lines` as globals: each line's groups, or null. */
const SCRIPT = `(function () {
  var re = new RegExp(pattern);
  var out = [];
  for (var i = 0; i < lines.length; i++) {
    var m = re.exec(lines[i]);
    out.push(m ? (m.groups ? Object.assign({}, m.groups) : {}) : null);
  }
  return out;
})()`;

/**
 * Applies the pattern to a batch of lines in the bounded evaluator (sandboxed JavaScript in a worker thread, stopped
 * at EXPRESSION_TIMEOUT_MS), as playbooks test a parameter's `regex`: a user's regular expression never runs on the
 * gateway's event loop, so one that backtracks catastrophically fails the search instead of stalling the console.
 * One evaluation per batch (a chunk of a file), not per line.
 */
export class LinePattern {
  constructor(
    private readonly evaluator: Pick<ExpressionEvaluator, 'evaluate'>,
    readonly pattern: string,
  ) {}

  /** Each line's named groups, or null where the pattern does not match; throws when the evaluation fails. */
  async match(lines: string[]): Promise<(Record<string, unknown> | null)[]> {
    if (!lines.length) return [];
    const outcome = await this.evaluator.evaluate({ language: 'javascript', source: SCRIPT }, { pattern: this.pattern, lines });
    if (!outcome.ok)
      throw new Error(`pattern: could not be applied to the lines (${outcome.error}); a pattern that backtracks heavily is stopped, simplify it`);
    if (!Array.isArray(outcome.value) || outcome.value.length !== lines.length)
      throw new Error('pattern: the evaluation answered something else than one result per line');
    return outcome.value as (Record<string, unknown> | null)[];
  }
}
