export { ACTION_TYPES } from './action-types';
export { failureMessage, isRendered, judgedLater, stopReason, unknownFieldProblems, valueFieldProblems } from './action-kit';
export { ABORT_GRACE_MS, runOneAction, type OneAction } from './run-action';
