export * from './DataTable';
export * from './types';
export { NO_DATA_MESSAGE } from './EmptyOverlay';
export { sortRows, buildDisplayRows } from './tableRows';
