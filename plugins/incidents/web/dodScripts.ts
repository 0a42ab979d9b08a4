/**
 * The definition-of-done scripts the wizard pre-fills (spec 01 §4), CEL over the variables the gateway's evaluator
 * exposes per evidence type. Mirrors DOD_SCRIPTS of contracts/src/incidents.ts; switch to it once that is committed.
 */
export const DOD_SCRIPTS = {
  /** 'check is healthy and older than 5m' */
  checkHealthy: "check.status == 'healthy' && check.age > duration('5m')",
  /** 'analysis resolved' */
  analysisResolved: "analysis.status == 'resolved'",
  /** 'component is healthy': offered as a shortcut for topology evidence */
  componentHealthy: "component.health == 'healthy'",
} as const;

/** The pre-filled script: checks and config analyses have one; others start empty. */
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
