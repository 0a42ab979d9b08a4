export { LOG_BACKENDS } from './log-backends';
