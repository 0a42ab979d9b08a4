import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  Badge,
  Button,
  Field,
  Input,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import { type CheckStatusRow, HISTORY_DURATIONS, HISTORY_PAGE_SIZES, INVALID_DURATION_MESSAGE } from '@contracts';
import { EmptyState } from '@web/core/components/EmptyState';
import { ErrorPanel } from '@web/core/components/ErrorPanel';
import { Loading } from '@web/core/components/Loading';
import { zodResolver } from '@web/core/forms/zodResolver';
import { useAbortableSWR } from '@web/core/hooks/useAbortableSWR';
import { fetchCheckHistory } from '../healthApi';
import { HISTORY_KEY_NAME } from './checkDetailApi';
import { parseHistoryDuration } from './duration';
import { formatTimeWithMs } from './format';
import {
  CUSTOM_DURATION,
  DEFAULT_HISTORY_FILTERS,
  HISTORY_STATUS_OPTIONS,
  type HistoryFilters,
  type HistoryStatusFilter,
  minDurationOf,
  pageLabel,
  statusOf,
} from './historyFilters';

export const NO_HISTORY_MESSAGE = 'No history found';

type CustomDurationValues = { customDuration: string };
/** A custom duration is a number of ms or s (spec 02 §5), refused with the spec's message otherwise. */
const CUSTOM_DURATION_SCHEMA = z.object({
  customDuration: z.string().refine((text) => parseHistoryDuration(text).ok, INVALID_DURATION_MESSAGE),
});

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  paging: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
  time: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  text: { overflowWrap: 'anywhere', wordBreak: 'break-word', whiteSpace: 'pre-wrap' },
  error: { overflowWrap: 'anywhere', wordBreak: 'break-word', whiteSpace: 'pre-wrap', color: tokens.colorPaletteRedForeground1 },
});

export function StatusBadge({ row }: { row: Pick<CheckStatusRow, 'status' | 'invalid'> }) {
  if (row.invalid)
    return (
      <Badge appearance="tint" color="informative">
        invalid
      </Badge>
    );
  return row.status ? (
    <Badge appearance="tint" color="success">
      healthy
    </Badge>
  ) : (
    <Badge appearance="tint" color="danger">
      unhealthy
    </Badge>
  );
}

export interface CheckHistoryProps {
  checkId: string;
  /** Results after this instant (the start of the modal's time range). */
  since: string;
}

/** The check's results, newest first, paged on the server with filters on duration and status (spec 02). */
export function CheckHistory({ checkId, since }: CheckHistoryProps) {
  const styles = useStyles();
  const [filters, setFilters] = useState<HistoryFilters>(DEFAULT_HISTORY_FILTERS);
  // The custom duration is a small form of its own (react-hook-form + zod): checked when applied (Enter or leaving it).
  const durationForm = useForm<CustomDurationValues>({
    defaultValues: { customDuration: '' },
    resolver: zodResolver(CUSTOM_DURATION_SCHEMA),
    reValidateMode: 'onSubmit',
  });
  const customDraft = useWatch({ control: durationForm.control, name: 'customDuration' });
  const update = (patch: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, page: 0, ...patch }));
  // A new time range (or a run) starts again on the first page.
  useEffect(() => setFilters((current) => (current.page === 0 ? current : { ...current, page: 0 })), [since]);

  const minDuration = minDurationOf(filters);
  const status = statusOf(filters.status);
  const key = minDuration.ok ? ([HISTORY_KEY_NAME, checkId, since, filters.page, filters.pageSize, status, minDuration.minDurationMs] as const) : null;
  // A new page or filter aborts the read in flight: a slow older page never replaces the one asked for.
  const { data, error, isLoading } = useAbortableSWR(
    key,
    (signal) =>
      fetchCheckHistory({
        checkId,
        since,
        page: filters.page,
        pageSize: filters.pageSize,
        status,
        minDurationMs: minDuration.ok ? minDuration.minDurationMs : undefined,
        signal,
      }),
    { keepPreviousData: true },
  );

  const apply = (draft: string) => {
    const text = draft.trim();
    if (text === '') {
      if (filters.duration === CUSTOM_DURATION) update({ duration: HISTORY_DURATIONS[0], customDuration: '' });
      return;
    }
    // Applied even when refused: the history then shows the message instead of rows, and asks for nothing.
    update({ duration: CUSTOM_DURATION, customDuration: text });
  };
  const applyCustom = durationForm.handleSubmit(
    (values) => apply(values.customDuration),
    () => apply(durationForm.getValues('customDuration')),
  );
  // Read at every render: react-hook-form re-renders for the form state a component has read.
  const refused = durationForm.formState.errors.customDuration?.message;
  const customError = customDraft.trim() !== '' && filters.duration === CUSTOM_DURATION && !minDuration.ok ? refused : undefined;
  const total = data?.totalEntries ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / filters.pageSize) - 1);

  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label="Duration" size="small">
          <Select
            size="small"
            value={filters.duration}
            onChange={(_, d) => {
              durationForm.reset({ customDuration: '' });
              update({ duration: d.value, customDuration: '' });
            }}
          >
            {HISTORY_DURATIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
            {filters.duration === CUSTOM_DURATION && <option value={CUSTOM_DURATION}>Custom</option>}
          </Select>
        </Field>
        <Field label="Custom duration" size="small" validationMessage={customError} hint={customError ? undefined : 'e.g. 250ms or 2s'}>
          <Controller
            name="customDuration"
            control={durationForm.control}
            render={({ field }) => (
              <Input
                ref={field.ref}
                size="small"
                value={field.value}
                placeholder="250ms"
                onChange={(_, d) => field.onChange(d.value)}
                onBlur={() => {
                  field.onBlur();
                  void applyCustom();
                }}
                onKeyDown={(event) => event.key === 'Enter' && void applyCustom()}
              />
            )}
          />
        </Field>
        <Field label="Status" size="small">
          <Select size="small" value={filters.status} onChange={(_, d) => update({ status: d.value as HistoryStatusFilter })}>
            {HISTORY_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Page size" size="small">
          <Select size="small" value={String(filters.pageSize)} onChange={(_, d) => update({ pageSize: Number(d.value) })}>
            {HISTORY_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {customError ? null : error ? (
        <ErrorPanel error={error} title="Could not load the history" />
      ) : isLoading && !data ? (
        <Loading label="Loading history..." />
      ) : !data || data.data.length === 0 ? (
        <EmptyState message={NO_HISTORY_MESSAGE} />
      ) : (
        <>
          <Table size="small" aria-label="Check history">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Time</TableHeaderCell>
                <TableHeaderCell>Duration (ms)</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Message</TableHeaderCell>
                <TableHeaderCell>Error</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.data.map((row) => (
                <TableRow key={row.time} data-testid="check-history-row">
                  <TableCell className={styles.time}>{formatTimeWithMs(row.time)}</TableCell>
                  <TableCell>{row.duration ?? ''}</TableCell>
                  <TableCell>
                    <StatusBadge row={row} />
                  </TableCell>
                  <TableCell className={styles.text}>{row.message}</TableCell>
                  <TableCell className={styles.error}>{row.error}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className={styles.paging}>
            <span data-testid="history-range">{pageLabel(filters.page, filters.pageSize, total)}</span>
            <Button
              size="small"
              appearance="subtle"
              icon={<ChevronLeft20Regular />}
              aria-label="Previous page"
              disabled={filters.page === 0}
              onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
            />
            <Button
              size="small"
              appearance="subtle"
              icon={<ChevronRight20Regular />}
              aria-label="Next page"
              disabled={filters.page >= lastPage}
              onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
