export { ACTION_TYPES } from './action-types';
export { failureMessage, isRendered, judgedLater, stopReason, unknownFieldProblems, valueFieldProblems } from './action-kit';
