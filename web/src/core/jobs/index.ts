/**
 * Job history components shared by the settings pages (spec 03 §2-§4): the status badge and cell, the details modal,
 * a resource's job history table, and the data-API query of the Job History page.
 */
export * from './types';
export * from './jobStatus';
export * from './includeExclude';
export * from './jobHistoryQuery';
export { JobStatusBadge } from './JobStatusBadge';
export { JobStatusCell, type JobStatusCellProps } from './JobStatusCell';
export { JobDetailsModal, NO_DETAILS_MESSAGE, type JobDetailsModalProps } from './JobDetailsModal';
export { JobErrors } from './JobErrors';
export { ScrapeSummary } from './ScrapeSummary';
export { JobHistoryTable, type JobHistoryTableProps } from './JobHistoryTable';
export { jobHistoryColumns } from './jobHistoryColumns';
export { useJobHistoryPage } from './useJobHistoryPage';
