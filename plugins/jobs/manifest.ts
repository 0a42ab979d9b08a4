import type { PluginManifest } from '@contracts';

/**
 * Job History (`/settings/jobs`, feature settings.job_history) and the event queue status page with retry
 * (`/settings/event-queue`, feature settings.event_queue_status), spec 03 §2. Each page carries its own feature, so the
 * manifest names none. The data-API resources (`job_histories`, `job_history_names`, `event_queue_summary`) are the
 * settings plugin's.
 */
export const manifest: PluginManifest = {
  id: 'jobs',
  title: 'Job History and Event Queue',
  resources: ['database'],
};

export default manifest;
