import { userExpressionProblem } from '@gateway/core/cel';
import { DocumentError, loadUserYaml } from '@gateway/core/documents';
import { compileSchedule as coreCompileSchedule, parseDuration, scheduleProblem as coreScheduleProblem, type Schedule } from '@gateway/core/jobs';
import {
  validateCanaryParts,
  validateCanaryDocument,
  type CanarySpecRules,
  type CanaryValidation,
  type CheckRunner,
  type ValidCanary,
  type ValidCanaryCheck,
} from '@contracts';

export const MIN_GAP_MS = 10_000;

/** Every problem found in a canary document; `message` joins them with '; '. */
export class CanaryDocumentError extends DocumentError {}

export type ParsedCheck = ValidCanaryCheck;
export type ParsedCanary = ValidCanary;

/**
 * The check types this gateway runs: the ids contributed to CHECK_RUNNERS (each plugins/check-<type>, and health's
 * placeholders for the spec's types that nothing runs yet), and each one's runner for its own rules.
 */
export interface CheckTypes {
  ids: readonly string[];
  find(type: string): Pick<CheckRunner, 'validate'> | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shared canary schema (contracts/src/canary-spec.ts) with what only the gateway knows: the check types it
 * accepts, whether a schedule can run, how complex an expression may be, and each type's runner's own rules.
 */
function gatewayRules(types: CheckTypes): CanarySpecRules {
  return {
    knownTypes: types.ids,
    scheduleProblem,
    // Refused at save time rather than failing closed at every run: too long or too complex (CEL), too long or not a
    // template (Go templates).
    expressionProblem: (expression) => userExpressionProblem(expression, expression.language === 'cel'),
    checkProblems: (type, check) => types.find(type)?.validate(check) ?? [],
  };
}

function validOrThrow(result: CanaryValidation): ParsedCanary {
  if (!result.ok) throw new CanaryDocumentError(result.problems);
  return result.canary;
}

/** Parses YAML text; a syntax error names its line and column (1-based). */
export function parseYaml(text: string): unknown {
  try {
    return loadUserYaml(text);
  } catch (error) {
    throw new CanaryDocumentError((error as Error).message);
  }
}

/** A YAML Canary document → a validated canary; throws CanaryDocumentError with every problem found. */
export function parseCanaryYaml(text: string, types: CheckTypes): ParsedCanary {
  const doc = parseYaml(text);
  if (!isObject(doc)) throw new CanaryDocumentError('the document must be a Canary object');
  return validOrThrow(validateCanaryDocument(doc, gatewayRules(types)));
}

/** {name, namespace, labels, spec} → a validated canary. */
export function validateCanary(
  input: { name?: unknown; namespace?: unknown; labels?: unknown; spec?: unknown },
  types: CheckTypes,
  metaPrefix = '',
  errors: string[] = [],
): ParsedCanary {
  return validOrThrow(validateCanaryParts(input, gatewayRules(types), metaPrefix, errors));
}

// --- Schedules --------------------------------------------------------------------------------------------------

// Parsed by the core schedule module (croner for cron, plus `@every <duration>`); a canary's `@every` is at least 10 s.
export { parseDuration };
export type CompiledSchedule = Schedule;

/** null when the schedule is valid, else why not. */
export function scheduleProblem(schedule: string): string | null {
  return coreScheduleProblem(schedule, { minEveryMs: MIN_GAP_MS });
}

export function compileSchedule(schedule: string): CompiledSchedule {
  return coreCompileSchedule(schedule, { minEveryMs: MIN_GAP_MS });
}
