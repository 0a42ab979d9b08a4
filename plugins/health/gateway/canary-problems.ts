import { INVALID_SCHEDULE_PROBLEM, UNKNOWN_CHECK_TYPE_PROBLEM } from '@contracts';
import { fieldOfProblem, locateProblems as locate, type DocumentProblem } from '@gateway/core/documents';

/** One validation problem of a canary document, placed in its YAML text (core/documents/problems.ts). */
export type CanaryProblem = DocumentProblem;

const UNKNOWN_TYPE = new RegExp(`^${UNKNOWN_CHECK_TYPE_PROBLEM} '([^']+)'`);

/** The canary messages that name no field: a bad schedule points at `spec.schedule`, an unknown type at its list. */
export function canaryProblemPath(message: string): string | undefined {
  if (message.startsWith(`${INVALID_SCHEDULE_PROBLEM}:`)) return 'spec.schedule';
  const unknown = UNKNOWN_TYPE.exec(message);
  if (unknown) return `spec.${unknown[1]}`;
  return fieldOfProblem(message);
}

/** Places each problem of a canary document in its YAML text, for the editor's markers. */
export function locateProblems(text: string, problems: readonly string[]): CanaryProblem[] {
  return locate(text, problems, canaryProblemPath);
}
