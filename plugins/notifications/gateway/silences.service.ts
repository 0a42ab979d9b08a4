import { Injectable } from '@nestjs/common';
import { NOTIFICATION_EVENTS, NOTIFICATION_MESSAGES, type NotificationSilence } from '@contracts';
import type { Principal } from '@gateway/core/auth/principal';
import { ExpressionEvaluator } from '@gateway/core/cel';
import { Db } from '@gateway/core/database/db.service';
import { notFound } from '@gateway/core/http/domain-error';
import { LabelSelectorError, parseLabelSelector } from '@gateway/core/selectors/label-selector';
import { filterProblem } from './engine/filter';
import { SilencesCache } from './engine/silences';
import type { NotificationSilenceDto, PageQueryDto } from './notifications.dto';
import { MAX_TEXT, MIN_DURATION_MS, UUID, dateTime, optionalText, optionalUuid, pageOf, refuse } from './validation';

export type SilenceResourceType = 'canary' | 'check' | 'component' | 'config';

/** A silence as the API answers it (spec 03 §2 columns Resource, Duration, Source, Reason, Created By). */
export type SilenceRow = NotificationSilence & {
  resource: { type: SilenceResourceType; id: string; name: string } | null;
  created_by_person: { id: string; name: string } | null;
  /** `until` has passed (the list strikes it through, §4). */
  expired: boolean;
};

/** The columns a silences list may be sorted by. */
export const SILENCE_SORTS = ['created_at', 'updated_at', 'from', 'until', 'description', 'source', 'recursive'] as const;

/** Each resource column, its table and kind. */
const RESOURCES: { column: 'canary_id' | 'check_id' | 'component_id' | 'config_id'; table: string; type: SilenceResourceType }[] = [
  { column: 'canary_id', table: 'canaries', type: 'canary' },
  { column: 'check_id', table: 'checks', type: 'check' },
  { column: 'component_id', table: 'components', type: 'component' },
  { column: 'config_id', table: 'config_items', type: 'config' },
];

const SELECT = `select s.id, s.namespace, s.description, s."from", s.until, s.recursive, s.source, s.canary_id, s.check_id,
    s.component_id, s.config_id, s.selectors, s.filter, s.created_by, s.created_at, s.updated_at,
    s.until <= now() as expired,
    case when s.check_id is not null then (select jsonb_build_object('type', 'check', 'id', x.id, 'name', x.name) from checks x where x.id = s.check_id)
         when s.component_id is not null then (select jsonb_build_object('type', 'component', 'id', x.id, 'name', x.name) from components x where x.id = s.component_id)
         when s.config_id is not null then (select jsonb_build_object('type', 'config', 'id', x.id, 'name', x.name) from config_items x where x.id = s.config_id)
         when s.canary_id is not null then (select jsonb_build_object('type', 'canary', 'id', x.id, 'name', x.name) from canaries x where x.id = s.canary_id)
    end as resource,
    (select jsonb_build_object('id', p.id, 'name', p.name) from people p where p.id = s.created_by) as created_by_person
  from notification_silences s`;

interface SilenceValues {
  description: string | null;
  from: Date;
  until: Date;
  recursive: boolean;
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  selectors: string | null;
  filter: string | null;
}

const notFoundSilence = () => notFound('Silence not found');

/**
 * Notification silences (spec 03 §2, §4, §5, §7; issue 15): a resource (canary, check, component or config, and with
 * `recursive` its children), label selectors or a CEL filter, for a window of at least a minute. Deletes are soft.
 */
@Injectable()
export class NotificationSilencesService {
  constructor(
    private readonly db: Db,
    private readonly evaluator: ExpressionEvaluator,
    private readonly cache: SilencesCache,
  ) {}

  async list(query: PageQueryDto): Promise<{ data: SilenceRow[]; totalEntries: number }> {
    const problems: string[] = [];
    const page = pageOf(query, { sortable: SILENCE_SORTS, sortBy: 'created_at', sortOrder: 'desc', pageSize: 50, maxPageSize: 200 }, problems);
    refuse(problems);
    const [data, total] = await Promise.all([
      this.db.query<SilenceRow>(`${SELECT} where s.deleted_at is null order by s."${page.sortBy}" ${page.sortOrder} nulls last, s.id limit $1 offset $2`, [
        page.limit,
        page.offset,
      ]),
      this.db.one<{ n: number }>(`select count(*)::int as n from notification_silences where deleted_at is null`),
    ]);
    return { data, totalEntries: total?.n ?? 0 };
  }

  async get(id: string): Promise<SilenceRow> {
    if (!UUID.test(id)) throw notFoundSilence();
    const row = await this.db.one<SilenceRow>(`${SELECT} where s.id = $1 and s.deleted_at is null`, [id]);
    if (!row) throw notFoundSilence();
    return row;
  }

  async create(body: NotificationSilenceDto, principal: Principal): Promise<SilenceRow> {
    const v = await this.check(body, null);
    const row = await this.db.one<{ id: string }>(
      `insert into notification_silences (description, "from", until, recursive, canary_id, check_id, component_id, config_id,
                                          selectors, filter, source, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'UI', $11) returning id`,
      [...params(v), principal.personId],
    );
    this.cache.invalidate();
    return this.get(row!.id);
  }

  async update(id: string, body: NotificationSilenceDto): Promise<SilenceRow> {
    const current = await this.get(id);
    const v = await this.check(body, current);
    const row = await this.db.one(
      `update notification_silences set description = $1, "from" = $2, until = $3, recursive = $4, canary_id = $5, check_id = $6,
              component_id = $7, config_id = $8, selectors = $9, filter = $10, updated_at = now()
        where id = $11 and deleted_at is null returning id`,
      [...params(v), id],
    );
    if (!row) throw notFoundSilence();
    this.cache.invalidate();
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw notFoundSilence();
    const row = await this.db.one(`update notification_silences set deleted_at = now() where id = $1 and deleted_at is null returning id`, [id]);
    if (!row) throw notFoundSilence();
    this.cache.invalidate();
  }

  /** `body` over `current` (PATCH) or alone (POST), checked in full. */
  private async check(body: NotificationSilenceDto, current: SilenceRow | null): Promise<SilenceValues> {
    const given = (key: keyof NotificationSilenceDto) => body[key] !== undefined;
    const pick = <K extends keyof NotificationSilenceDto & keyof NotificationSilence>(key: K): unknown => (given(key) || !current ? body[key] : current[key]);
    const problems: string[] = [];

    const description = optionalText(pick('description'), 'description', MAX_TEXT, problems);
    const selectors = optionalText(pick('selectors'), 'selectors', 2000, problems);
    const filter = optionalText(pick('filter'), 'filter', MAX_TEXT, problems);
    let recursive = false;
    const rawRecursive = pick('recursive');
    if (rawRecursive !== undefined && rawRecursive !== null) {
      if (typeof rawRecursive !== 'boolean') problems.push('recursive: must be true or false');
      else recursive = rawRecursive;
    }

    // The form picks one resource and clears the others (§4): a PATCH naming one resource replaces the stored one.
    const namesResource = RESOURCES.some((r) => given(r.column));
    const raw = (column: (typeof RESOURCES)[number]['column']) => (namesResource || !current ? body[column] : current[column]);
    const ids = Object.fromEntries(RESOURCES.map((r) => [r.column, optionalUuid(raw(r.column), r.column, problems)])) as Record<
      (typeof RESOURCES)[number]['column'],
      string | null
    >;
    const triedResource = RESOURCES.some((r) => raw(r.column) !== undefined && raw(r.column) !== null && raw(r.column) !== '');
    const named = RESOURCES.filter((r) => ids[r.column]);
    if (named.length > 1) problems.push(`resource: give only one of ${named.map((r) => r.column).join(', ')}`);

    const rawUntil = pick('until');
    const rawFrom = pick('from');
    const fromGiven = rawFrom instanceof Date ? rawFrom : dateTime(rawFrom, 'from', problems);
    const untilGiven = rawUntil instanceof Date ? rawUntil : dateTime(rawUntil, 'until', problems);
    if (rawUntil === undefined || rawUntil === null || rawUntil === '') problems.push(`until: ${NOTIFICATION_MESSAGES.required}`);
    const from = fromGiven ?? new Date();
    if (untilGiven && (rawFrom === undefined || rawFrom === null || rawFrom === '' || fromGiven)) {
      if (untilGiven.getTime() <= from.getTime()) problems.push('until: must be after from');
      else if (untilGiven.getTime() - from.getTime() < MIN_DURATION_MS) problems.push(`until: ${NOTIFICATION_MESSAGES.durationTooShort}`);
    }

    if (selectors) {
      try {
        if (parseLabelSelector(selectors).some((r) => r.op === 'in' || r.op === 'notin'))
          problems.push('selectors: in and notin are not supported here (k=v, k!=v, k, !k)');
      } catch (error) {
        problems.push(`selectors: ${error instanceof LabelSelectorError ? error.message : String(error)}`);
      }
    }
    if (!triedResource && !selectors && !filter) problems.push(`resource: ${NOTIFICATION_MESSAGES.silenceResourceRequired}`);
    refuse(problems);

    for (const r of named) {
      if (!(await this.db.one(`select 1 from ${r.table} where id = $1`, [ids[r.column]]))) problems.push(`${r.column}: ${r.type} not found`);
    }
    if (filter) {
      const problem = await this.filterProblem(filter);
      if (problem) problems.push(`filter: ${problem}`);
    }
    refuse(problems);
    return { description, from, until: untilGiven!, recursive, ...ids, selectors, filter };
  }

  /**
   * A silence covers every event, so its filter must compile and answer a boolean for at least one kind of event
   * (`check.name == 'x'` is fine though config events have no `check`): the first event it works on ends the search.
   */
  private async filterProblem(filter: string): Promise<string | null> {
    let first: string | null = null;
    for (const event of NOTIFICATION_EVENTS) {
      const problem = await filterProblem(filter, [event], this.evaluator);
      if (!problem) return null;
      first ??= problem;
      if (problem.startsWith('The expression ')) break; // does not compile: no sample will help
    }
    return first;
  }
}

function params(v: SilenceValues): unknown[] {
  return [v.description, v.from, v.until, v.recursive, v.canary_id, v.check_id, v.component_id, v.config_id, v.selectors, v.filter];
}
