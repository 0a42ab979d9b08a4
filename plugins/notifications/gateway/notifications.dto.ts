import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DURATION_PRESETS, NOTIFICATION_EVENTS, REPEAT_INTERVAL_OPTIONS, SEND_STATUSES, NOTIFICATION_RESOURCE_TYPES } from '@contracts';

/*
 * Bodies and queries of the notifications API. Every field is `@Allow()`ed and checked by the services (validation.ts),
 * so a refused request answers one 400 whose message names each field in the spec's words (spec 03 §5); fields not
 * listed here are dropped by the global whitelist.
 */

/** `POST /api/notifications/rules` and `PATCH /api/notifications/rules/{id}` (NotificationRuleInput). */
export class NotificationRuleDto {
  @ApiPropertyOptional({ example: 'Failing checks', description: 'Required on create; unique per namespace' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ default: 'default' })
  @Allow()
  namespace?: unknown;

  @ApiPropertyOptional({ description: 'Go template; empty: the default title of the event' })
  @Allow()
  title?: unknown;

  @ApiPropertyOptional({ enum: NOTIFICATION_EVENTS, isArray: true, description: 'Required, at least one' })
  @Allow()
  events?: unknown;

  @ApiPropertyOptional({ example: "check.status == 'unhealthy'", description: 'CEL over the event variables' })
  @Allow()
  filter?: unknown;

  @ApiPropertyOptional({ description: 'Go template (Markdown) of the body; empty: the default of the event' })
  @Allow()
  template?: unknown;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @Allow()
  properties?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  person_id?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  team_id?: unknown;

  @ApiPropertyOptional({
    nullable: true,
    description: 'Others: [{name, url} | {name, connection: "connection://[namespace/]name"}, properties?]',
    example: [{ name: 'ops', url: 'slack://xoxb-token@alerts' }],
  })
  @Allow()
  custom_services?: unknown;

  @ApiPropertyOptional({ enum: REPEAT_INTERVAL_OPTIONS, nullable: true, description: 'A duration of at least 1m (1h, 30m, 1d, 1w)' })
  @Allow()
  repeat_interval?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'Nanoseconds, at least 60000000000 (1 minute)', example: 300_000_000_000 })
  @Allow()
  wait_for?: unknown;
}

/** `POST /api/notifications/rules/validate-filter`. */
export class FilterCheckDto {
  @ApiPropertyOptional({ example: "check.status == 'unhealthy'" })
  @Allow()
  filter?: unknown;

  @ApiPropertyOptional({ enum: NOTIFICATION_EVENTS, isArray: true })
  @Allow()
  events?: unknown;
}

/** `POST /api/notifications/rules/preview`. */
export class TemplatePreviewDto {
  @ApiPropertyOptional({ enum: NOTIFICATION_EVENTS, description: 'Required: the event whose sample the template is rendered against' })
  @Allow()
  event?: unknown;

  @ApiPropertyOptional({ nullable: true })
  @Allow()
  title?: unknown;

  @ApiPropertyOptional({ nullable: true })
  @Allow()
  template?: unknown;
}

/** `POST /api/silence`, `POST /api/notifications/silences`, `PATCH /api/notifications/silences/{id}`. */
export class NotificationSilenceDto {
  @ApiPropertyOptional({ description: 'The reason', nullable: true })
  @Allow()
  description?: unknown;

  @ApiPropertyOptional({ format: 'date-time', description: 'Default now' })
  @Allow()
  from?: unknown;

  @ApiPropertyOptional({ format: 'date-time', description: `Required; at least a minute after from (presets ${DURATION_PRESETS.join(', ')})` })
  @Allow()
  until?: unknown;

  @ApiPropertyOptional({ default: false, description: 'Also silences the children of a component or config' })
  @Allow()
  recursive?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  canary_id?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  check_id?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  component_id?: unknown;

  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  @Allow()
  config_id?: unknown;

  @ApiPropertyOptional({ example: 'env=prod,team=payments', nullable: true, description: 'Label selectors matched against the resource labels' })
  @Allow()
  selectors?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'CEL over the same variables as a rule filter' })
  @Allow()
  filter?: unknown;
}

/** Paging and sort of the lists. */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 0 })
  @Allow()
  pageIndex?: unknown;

  @ApiPropertyOptional({ default: 50 })
  @Allow()
  pageSize?: unknown;

  @ApiPropertyOptional()
  @Allow()
  sortBy?: unknown;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @Allow()
  sortOrder?: unknown;
}

/** The time window of the send history and its summary. */
export class HistoryWindowDto {
  @ApiPropertyOptional({ example: 'now-2d', description: 'Rows created at or after: an ISO date-time or now-<n><unit> (s, m, h, d, w, mo, y)' })
  @Allow()
  from?: unknown;

  @ApiPropertyOptional({ description: 'Rows created before: an ISO date-time or now-<n><unit>' })
  @Allow()
  to?: unknown;
}

/** `GET /api/notifications/history`. */
export class HistoryQueryDto extends IntersectionType(PageQueryDto, HistoryWindowDto) {
  @ApiPropertyOptional({ description: `Comma list of ${SEND_STATUSES.join(', ')}` })
  @Allow()
  status?: unknown;

  @ApiPropertyOptional({ description: `Comma list of ${NOTIFICATION_RESOURCE_TYPES.join(', ')}` })
  @Allow()
  resourceType?: unknown;

  @ApiPropertyOptional({ format: 'uuid' })
  @Allow()
  notificationId?: unknown;
}

/** `GET /api/notifications/inbox`. */
export class InboxQueryDto {
  @ApiPropertyOptional({ default: 20, maximum: 100 })
  @Allow()
  limit?: unknown;
}

/** `POST /api/notifications/inbox/read`. */
export class InboxReadDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Default now: everything up to here counts as read' })
  @Allow()
  until?: unknown;
}
