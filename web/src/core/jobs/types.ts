/** Job history (spec 03 §3, §4): the rows of the `job_histories` view and what the job components show of them. */

/** Status filter options (spec 03 §4); STOPPED is shown in colour but not offered as a filter. */
export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number] | 'STOPPED';

/** One config type's counts in a scrape summary. */
export const SCRAPE_COUNTS = ['added', 'updated', 'unchanged', 'changes', 'deduped', 'deleted'] as const;
export type ScrapeCount = (typeof SCRAPE_COUNTS)[number];
export type ScrapeSummaryCounts = Record<string, Partial<Record<ScrapeCount, number>>>;

/** `job_history.details`: errors as a string, a list or a map (of strings or objects); a scrape summary per config type; a reconcile summary. */
export interface JobDetails {
  errors?: unknown;
  scrape_summary?: ScrapeSummaryCounts;
  summary?: unknown;
  [key: string]: unknown;
}

/** A row of `job_histories` (spec 03 §3 Job history). */
export interface JobHistoryRow {
  id: string;
  name: string;
  agent_id: string | null;
  /** Embedded when the query asks for it (`agent:agent_id(id,name)`). */
  agent?: { id: string; name: string } | null;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  status: JobStatus | string;
  time_start: string;
  time_end?: string | null;
  duration_millis: number | null;
  success_count: number;
  error_count: number;
  hostname?: string | null;
  details: JobDetails | null;
  created_at: string;
}

/** What the details modal needs of a job: a history row, or a settings list row's latest job (`job_name`, `job_details`). */
export interface JobDetailsSubject {
  name?: string | null;
  resource_name?: string | null;
  status?: string | null;
  details: JobDetails | null | unknown;
}
