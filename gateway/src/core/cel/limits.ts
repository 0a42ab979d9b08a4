import { celModule } from './cel';

/**
 * How large a user expression may be. Checked at save time (a clear 400 naming the limit) and again before every
 * evaluation (fail closed). Time is bounded separately: evaluations run in worker threads under a timeout.
 */
export const EXPRESSION_LIMITS = {
  maxLength: 4096,
  /** cel-js parse-time limits. */
  maxAstNodes: 1000,
  maxDepth: 32,
  maxListElements: 256,
  maxMapEntries: 256,
  maxCallArguments: 32,
  /** Comprehensions (map, filter, all, exists, exists_one) inside one another: each level multiplies the work. */
  maxNestedComprehensions: 2,
} as const;

// Spaces may stand between the dot, the macro's name and its parenthesis (`xs. map (x, …)` is the same call).
/** JavaScript, JSONPath and Go templates: their size, and what a JavaScript evaluation may use. */
export const SCRIPT_LIMITS = {
  maxLength: 16 * 1024,
  /** QuickJS heap of one evaluation. */
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 1024 * 1024,
} as const;

/** The languages a user expression may be written in, as a check's `test`/`display`/`transform` names them. */
export const EXPRESSION_LANGUAGES = ['cel', 'javascript', 'jsonpath', 'template'] as const;
export type ExpressionLanguage = (typeof EXPRESSION_LANGUAGES)[number];

/** An expression in one of the languages; a plain string is CEL. */
export interface UserExpression {
  language: ExpressionLanguage;
  source: string;
}

export const asUserExpression = (expression: string | UserExpression): UserExpression =>
  typeof expression === 'string' ? { language: 'cel', source: expression } : expression;

/**
 * Why a user expression is refused: over the limits of its language, or (unless `limitsOnly`) not parseable. CEL is
 * parsed here; a Go template is compiled here (cheap, linear); JavaScript and JSONPath are only measured, since
 * they are parsed where they run, in a worker.
 */
export function userExpressionProblem(expression: string | UserExpression, limitsOnly = false): string | null {
  const { language, source } = asUserExpression(expression);
  if (language === 'cel') return inspect(source, limitsOnly);
  if (source.length > SCRIPT_LIMITS.maxLength) return `is too long: at most ${SCRIPT_LIMITS.maxLength} characters`;
  if (language === 'template' && !limitsOnly) {
    try {
      goTemplate().compile(source);
    } catch (error) {
      return `does not parse: ${((error as Error).message ?? String(error)).split('\n')[0]}`;
    }
  }
  return null;
}

let goTemplateModule: { compile(source: string): unknown } | null = null;
function goTemplate(): { compile(source: string): unknown } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  goTemplateModule ??= require('@ctrl/golang-template') as { compile(source: string): unknown };
  return goTemplateModule;
}

const MACROS = /\.\s*(map|filter|all|exists_one|exists)\s*\(/y;

/** The deepest nesting of comprehension macros in the text (string literals skipped). */
export function comprehensionNesting(expression: string): number {
  const open: boolean[] = []; // per open parenthesis: does it belong to a macro?
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '"' || c === "'") {
      const quote = c;
      for (i++; i < expression.length && expression[i] !== quote; i++) if (expression[i] === '\\') i++;
      continue;
    }
    if (c === '.') {
      MACROS.lastIndex = i;
      const macro = MACROS.exec(expression);
      if (macro) {
        i += macro[0].length - 1;
        open.push(true);
        deepest = Math.max(deepest, ++depth);
        continue;
      }
    }
    if (c === '(') open.push(false);
    else if (c === ')' && open.pop()) depth--;
  }
  return deepest;
}

let limitedEnvironment: { parse(expression: string): unknown } | null = null;

/** The environment every user expression is parsed and evaluated in: the global one's settings plus the limits. */
export function limitedCel(): { parse(expression: string): unknown } {
  const { maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments } = EXPRESSION_LIMITS;
  limitedEnvironment ??= new (celModule().Environment)({
    unlistedVariablesAreDyn: true,
    limits: { maxAstNodes, maxDepth, maxListElements, maxMapEntries, maxCallArguments },
  });
  return limitedEnvironment;
}

/** Why an expression is refused (too long, too complex, or not CEL), or null when it may run. */
export function expressionProblem(expression: string): string | null {
  return inspect(expression);
}

/**
 * Why an expression is over the limits, or null. What save paths refuse: an expression that merely does not parse
 * is still saved, as before, and reported where it runs (a check's result, a script's error).
 */
export function expressionLimitProblem(expression: string): string | null {
  return inspect(expression, true);
}

function inspect(expression: string, limitsOnly = false): string | null {
  const { maxLength, maxNestedComprehensions } = EXPRESSION_LIMITS;
  if (expression.length > maxLength) return `is too long: at most ${maxLength} characters`;
  if (comprehensionNesting(expression) > maxNestedComprehensions) {
    return `is too complex: at most ${maxNestedComprehensions} comprehensions (map, filter, all, exists) inside one another`;
  }
  try {
    limitedCel().parse(expression);
  } catch (error) {
    const message = ((error as Error).message ?? String(error)).split('\n')[0];
    const limit = /Exceeded (\w+) \((\d+)\)/.exec(message);
    if (limit) return `is too complex: more than ${limit[2]} ${LIMIT_WORDS[limit[1]] ?? limit[1]}`;
    return limitsOnly ? null : `does not parse: ${message}`;
  }
  return null;
}

const LIMIT_WORDS: Record<string, string> = {
  maxAstNodes: 'parts',
  maxDepth: 'levels of nesting',
  maxListElements: 'list elements',
  maxMapEntries: 'map entries',
  maxCallArguments: 'arguments in one call',
};
