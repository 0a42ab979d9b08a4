import { useState } from 'react';
import { Body1, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { Dialog } from '@web/core/components/Dialog';
import { hasJobDetails } from './jobStatus';

export const NO_DETAILS_MESSAGE = 'No details found';

/** `job_history.details` (spec 03 §3): errors as a string, a list or a map; the scrape summary per config type; a reconcile summary. */
export interface JobDetails {
  errors?: unknown;
  scrape_summary?: Record<string, Partial<Record<ScrapeCount, number>>>;
  summary?: unknown;
}

const SCRAPE_COUNTS = ['added', 'updated', 'unchanged', 'changes', 'deduped', 'deleted'] as const;
type ScrapeCount = (typeof SCRAPE_COUNTS)[number];

type DetailsTab = 'errors' | 'scrape' | 'reconcile';
const TABS: { value: DetailsTab; label: string; content: (details: JobDetails) => unknown }[] = [
  { value: 'errors', label: 'Errors', content: (details) => details.errors },
  { value: 'scrape', label: 'Scrape Summary', content: (details) => details.scrape_summary },
  { value: 'reconcile', label: 'Reconcile Summary', content: (details) => details.summary },
];

const useStyles = makeStyles({
  pre: { margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The first tab with content is the default (spec 03 /settings/jobs). */
export function defaultDetailsTab(details: JobDetails | null): DetailsTab | null {
  return TABS.find((tab) => details && hasJobDetails(tab.content(details)))?.value ?? null;
}

function Errors({ errors }: { errors: unknown }) {
  const styles = useStyles();
  if (Array.isArray(errors)) {
    return (
      <ul className={styles.list} aria-label="Errors">
        {errors.map((error, index) => (
          <li key={index} className={styles.pre}>
            {text(error)}
          </li>
        ))}
      </ul>
    );
  }
  if (errors && typeof errors === 'object') {
    return (
      <ul className={styles.list} aria-label="Errors">
        {Object.entries(errors).map(([key, error]) => (
          <li key={key} className={styles.pre}>
            {key}: {text(error)}
          </li>
        ))}
      </ul>
    );
  }
  return <pre className={styles.pre}>{text(errors)}</pre>;
}

/** A scrape summary per config type: Added, Updated, Unchanged, Changes, Deduped, Deleted (a job's details, a Run Now's answer). */
export function ScrapeSummary({ summary, size = 'small' }: { summary: NonNullable<JobDetails['scrape_summary']>; size?: 'small' | 'extra-small' }) {
  return (
    <Table size={size} aria-label="Scrape summary">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>Config type</TableHeaderCell>
          {SCRAPE_COUNTS.map((count) => (
            <TableHeaderCell key={count}>{count[0].toUpperCase() + count.slice(1)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {Object.entries(summary).map(([type, counts]) => (
          <TableRow key={type}>
            <TableCell>{type}</TableCell>
            {SCRAPE_COUNTS.map((count) => (
              <TableCell key={count}>{counts?.[count] ?? 0}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface JobDetailsModalProps {
  /** The job run whose details are shown; null: closed. */
  run: { name?: string | null; details: JobDetails | null } | null;
  onClose(): void;
}

/** A job run's details: tabs Errors, Scrape Summary, Reconcile Summary; 'No details found' when a tab is empty. */
export function JobDetailsModal({ run, onClose }: JobDetailsModalProps) {
  const styles = useStyles();
  return (
    <Dialog open={run !== null} title={run?.name ? `Job details: ${run.name}` : 'Job details'} onClose={onClose} size="large">
      {run && <JobDetailsBody key={JSON.stringify(run.details)} details={run.details} pre={styles.pre} />}
    </Dialog>
  );
}

function JobDetailsBody({ details, pre }: { details: JobDetails | null; pre: string }) {
  const [tab, setTab] = useState<DetailsTab>(() => defaultDetailsTab(details) ?? 'errors');
  const content = details ? TABS.find((t) => t.value === tab)!.content(details) : null;
  return (
    <>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as DetailsTab)}>
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {!hasJobDetails(content) ? (
        <Body1>{NO_DETAILS_MESSAGE}</Body1>
      ) : tab === 'errors' ? (
        <Errors errors={content} />
      ) : tab === 'scrape' ? (
        <ScrapeSummary summary={content as NonNullable<JobDetails['scrape_summary']>} />
      ) : (
        <pre className={pre}>{text(content)}</pre>
      )}
    </>
  );
}
