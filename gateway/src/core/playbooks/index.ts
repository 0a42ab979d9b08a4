export { ACTION_TYPES } from './action-types';
