import { Injectable } from '@nestjs/common';
import { NOTIFICATION_RESOURCE_TYPES, SEND_STATUSES, type SendHistoryRow } from '@contracts';
import { Db } from '@gateway/core/database/db.service';
import { notFound } from '@gateway/core/http/domain-error';
import { parseRelativeTime } from '@gateway/core/http/relative-time';
import type { HistoryQueryDto, HistoryWindowDto } from './notifications.dto';
import { UUID, clip, commaList, pageOf, refuse } from './validation';

export type HistoryRow = SendHistoryRow & { notification: { id: string; name: string } | null; person: { id: string; name: string } | null };

/** The columns a send history list may be sorted by. */
export const HISTORY_SORTS = [
  'created_at',
  'updated_at',
  'first_observed',
  'status',
  'source_event',
  'resource_type',
  'duration_millis',
  'count',
  'attempts',
] as const;

/**
 * What a history row shows: never `payload` (the rendered message as handed to the channel, which may carry a
 * resource's data beyond the body), `receipt`, `group_key` or the retry bookkeeping.
 */
const SELECT = `select h.id, h.notification_id, h.status, h.source_event, h.event_id, h.resource_id, h.resource_type, h.resource,
    h.person_id, h.recipient, h.channel, h.title, h.body, h.error, h.attempts, h.duration_millis, h.count, h.first_observed,
    h.created_at, h.updated_at,
    (select jsonb_build_object('id', n.id, 'name', n.name) from notifications n where n.id = h.notification_id) as notification,
    (select jsonb_build_object('id', p.id, 'name', p.name) from people p where p.id = h.person_id) as person
  from notification_send_history_summary h`;

/** Send history (spec 03 §2 /notifications, §7; issue 15): every decision of the engine, newest first. */
@Injectable()
export class NotificationHistoryService {
  constructor(private readonly db: Db) {}

  async list(query: HistoryQueryDto): Promise<{ data: HistoryRow[]; totalEntries: number }> {
    const problems: string[] = [];
    const page = pageOf(query, { sortable: HISTORY_SORTS, sortBy: 'created_at', sortOrder: 'desc', pageSize: 50, maxPageSize: 200 }, problems);
    const statuses = commaList(query.status, 'status', SEND_STATUSES, problems);
    const types = commaList(query.resourceType, 'resourceType', NOTIFICATION_RESOURCE_TYPES, problems);
    let notificationId: string | null = null;
    if (query.notificationId !== undefined && query.notificationId !== '') {
      if (typeof query.notificationId === 'string' && UUID.test(query.notificationId)) notificationId = query.notificationId;
      else problems.push('notificationId: must be a UUID');
    }
    const where: string[] = [];
    const params: unknown[] = [];
    windowConditions(query, where, params, problems);
    refuse(problems);
    if (statuses.length) where.push(`status = any($${params.push(statuses)})`);
    if (types.length) where.push(`resource_type = any($${params.push(types)})`);
    if (notificationId) where.push(`notification_id = $${params.push(notificationId)}`);
    const order = `${page.sortBy} ${page.sortOrder} nulls last, id`;
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    const [data, total] = await Promise.all([
      // The page's ids from the table first: the resource of each row (a lookup per kind) is read for this page only.
      this.db.query<HistoryRow>(
        `with page as (
           select id, row_number() over (order by ${order}) as n from notification_send_history ${clause}
            order by ${order} limit $${params.length + 1} offset $${params.length + 2})
         ${SELECT} join page on page.id = h.id order by page.n`,
        [...params, page.limit, page.offset],
      ),
      this.db.one<{ n: number }>(`select count(*)::int as n from notification_send_history ${clause}`, params),
    ]);
    return { data, totalEntries: total?.n ?? 0 };
  }

  async get(id: string): Promise<HistoryRow> {
    if (!UUID.test(id)) throw notFound('Notification not found');
    const row = await this.db.one<HistoryRow>(`${SELECT} where h.id = $1`, [id]);
    if (!row) throw notFound('Notification not found');
    return row;
  }

  /** Counts by resource type and status (the filter chips), within the time window when one is given. */
  summary(query: HistoryWindowDto): Promise<{ resource_type: string | null; status: string; count: number }[]> {
    const problems: string[] = [];
    const where: string[] = [];
    const params: unknown[] = [];
    windowConditions(query, where, params, problems);
    refuse(problems);
    return this.db.query(
      `select resource_type, status, count(*)::int as count from notification_send_history ${where.length ? `where ${where.join(' and ')}` : ''}
        group by resource_type, status order by resource_type nulls last, status`,
      params,
    );
  }
}

/** `from` (inclusive) and `to` (exclusive) on created_at: ISO date-times or `now-2d`. */
function windowConditions(query: HistoryWindowDto, where: string[], params: unknown[], problems: string[]): void {
  const now = Date.now();
  for (const [field, op] of [
    ['from', '>='],
    ['to', '<'],
  ] as const) {
    const value = query[field];
    if (value === undefined || value === '') continue;
    const time = typeof value === 'string' ? parseRelativeTime(value, now) : null;
    if (!time) problems.push(`${field}: '${clip(String(value))}' is neither an ISO date-time nor now-<n><unit> (now-2d)`);
    else where.push(`created_at ${op} $${params.push(time)}`);
  }
}
