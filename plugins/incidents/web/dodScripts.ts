import { DOD_SCRIPTS } from '@contracts';

/** The definition-of-done scripts (spec 01 §4): CEL over the variables the gateway's evaluator exposes per type. */
export { DOD_SCRIPTS };

/** The pre-filled script: checks and config analyses have one; topology gets a shortcut instead; others start empty. */
export function prefilledScript(type: string): string {
  if (type === 'check') return DOD_SCRIPTS.checkHealthy;
  if (type === 'config_analysis') return DOD_SCRIPTS.analysisResolved;
  return '';
}

/** Script editors show three lines of context. */
export const SCRIPT_CONTEXT_LINES = 3;

export const DOD_MESSAGES = {
  markFailed: 'Marking evidence as part of definition of done failed',
  removeFailed: 'Removing evidence from definition of done failed',
  noCandidates: 'There are no evidences which are not part of definition of done',
} as const;
