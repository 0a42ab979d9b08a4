export { LOG_BACKENDS, LOG_SEARCH, type ComponentLogSearch } from './log-backends';
