import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import {
  allowedIncidentStatuses,
  incidentTransitionMessage,
  INCIDENT_MESSAGES,
  type CreateIncidentRequest,
  type EvidenceInput,
  type IncidentEvidence,
  type IncidentHypothesis,
  type IncidentRow,
  type IncidentWithHypotheses,
  type LinkToIncidentResponse,
} from '@contracts';
import { Db, type Queryable } from '@gateway/core/database/db.service';
import { badRequest, notFound } from '@gateway/core/http/domain-error';
import { mapDbErrors } from '@gateway/core/database/db-errors';
import type { CreateHypothesisDto, CreateIncidentDto, LinkToIncidentDto } from './dto/incident.dto';

const CHILD_TYPE: Record<string, 'factor' | 'solution' | null> = { root: 'factor', factor: 'solution', solution: null };

/** Names the person for the changelog triggers of this transaction (docs/data-model.md "Who did it"). */
export async function actAs(tx: Queryable, personId: string | null): Promise<void> {
  if (personId) await tx.query(`SELECT set_config('console.person_id', $1, true)`, [personId]);
}

/** Incidents, hypotheses and evidence writes that span several rows or carry a rule of spec 01 §4–§5. */
@Injectable()
export class IncidentsService {
  constructor(private readonly db: Db) {}

  async get(id: string): Promise<IncidentWithHypotheses> {
    const incident = await this.db.one<IncidentWithHypotheses>(
      `SELECT i.*, coalesce((
         SELECT jsonb_agg(to_jsonb(h) || jsonb_build_object('evidences', coalesce((
                  SELECT jsonb_agg(to_jsonb(e) ORDER BY e.created_at) FROM evidences e WHERE e.hypothesis_id = h.id), '[]'))
                ORDER BY h.created_at)
         FROM hypotheses h WHERE h.incident_id = i.id), '[]') AS hypotheses
       FROM incidents i WHERE i.id = $1`,
      [id],
    );
    if (!incident) throw notFound('Incident not found');
    return incident;
  }

  /** Spec §4 "Creating an incident": the incident, its root hypothesis and the optional evidence, in one transaction. */
  async create(body: CreateIncidentDto, personId: string): Promise<IncidentWithHypotheses> {
    const id = await mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        await actAs(tx, personId);
        const incident = await this.insertIncident(tx, body, personId);
        const root = await this.insertHypothesis(
          tx,
          { incident_id: incident.id, parent_id: null, title: incident.title, type: 'root', status: 'possible' },
          personId,
        );
        if (body.evidence) await this.insertEvidence(tx, root.id, body.evidence, personId);
        return incident.id;
      }),
    );
    return this.get(id);
  }

  /** Spec §4 status choices; the database trigger enforces the same table for every other writer. */
  async updateStatus(id: string, status: string, personId: string, definitionOfDone: string[] = []): Promise<IncidentRow> {
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        const current = (await tx.query<{ status: string }>('SELECT status FROM incidents WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!current) throw notFound('Incident not found');
        if (!allowedIncidentStatuses(current.status).includes(status as never)) {
          throw badRequest(incidentTransitionMessage(current.status, status), 'invalid_transition', {
            allowed: allowedIncidentStatuses(current.status),
          });
        }
        await actAs(tx, personId);
        if (definitionOfDone.length) {
          const marked = await tx.query(
            `UPDATE evidences e SET definition_of_done = true FROM hypotheses h
              WHERE e.hypothesis_id = h.id AND h.incident_id = $1 AND e.id = ANY($2::uuid[])`,
            [id, definitionOfDone],
          );
          if (marked.rowCount !== new Set(definitionOfDone).size) throw badRequest('Some evidences are not part of this incident');
        }
        return (await tx.query<IncidentRow>('UPDATE incidents SET status = $2 WHERE id = $1 RETURNING *', [id, status])).rows[0];
      }),
    );
  }

  /** A hypothesis one level below its parent (root → factor → solution); no parent = under the root. */
  async createHypothesis(incidentId: string, body: CreateHypothesisDto, personId: string): Promise<IncidentHypothesis> {
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        const incident = (await tx.query<{ id: string }>('SELECT id FROM incidents WHERE id = $1', [incidentId])).rows[0];
        if (!incident) throw notFound('Incident not found');
        let parent: { id: string; type: string; incident_id: string } | undefined;
        if (body.type === 'root' && !body.parent_id) {
          const root = (await tx.query(`SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root'`, [incidentId])).rows[0];
          if (root) throw badRequest('The incident already has a root hypothesis');
        } else if (body.parent_id) {
          parent = (await tx.query('SELECT id, type, incident_id FROM hypotheses WHERE id = $1', [body.parent_id])).rows[0];
          if (!parent || parent.incident_id !== incidentId) throw badRequest('The parent hypothesis is not part of this incident');
        } else {
          parent = (
            await tx.query(`SELECT id, type, incident_id FROM hypotheses WHERE incident_id = $1 AND type = 'root' ORDER BY created_at LIMIT 1`, [incidentId])
          ).rows[0];
          if (!parent) throw badRequest('The incident has no root hypothesis');
        }
        const type = parent ? CHILD_TYPE[parent.type] : 'root';
        if (!type) throw badRequest('A solution cannot have child hypotheses');
        if (body.type && body.type !== type) {
          throw badRequest(parent ? `A ${parent.type} hypothesis can only have ${type} children` : 'A hypothesis without a parent is the root');
        }
        await actAs(tx, personId);
        return this.insertHypothesis(
          tx,
          { incident_id: incidentId, parent_id: parent?.id ?? null, title: body.title ?? null, type, status: body.status ?? 'possible' },
          personId,
        );
      }),
    );
  }

  /**
   * Deletes hypotheses with all their descendants: comments and evidences first, then the hypotheses, in one
   * transaction. The root of an incident cannot be deleted (it goes with the incident).
   */
  async deleteHypotheses(ids: string[]): Promise<{ deleted: string[] }> {
    if (ids.length === 0) throw badRequest('Name at least one hypothesis');
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        const found = (await tx.query<{ id: string; type: string }>('SELECT id, type FROM hypotheses WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids])).rows;
        const missing = ids.filter((id) => !found.some((h) => h.id === id));
        if (missing.length) throw notFound(`Hypothesis not found: ${missing.join(', ')}`);
        if (found.some((h) => h.type === 'root')) throw badRequest('The root hypothesis cannot be deleted');
        const all = (
          await tx.query<{ id: string }>(
            `WITH RECURSIVE tree AS (
               SELECT id FROM hypotheses WHERE id = ANY($1::uuid[])
               UNION SELECT h.id FROM hypotheses h JOIN tree t ON h.parent_id = t.id)
             SELECT id FROM tree`,
            [ids],
          )
        ).rows.map((r) => r.id);
        await tx.query('DELETE FROM comments WHERE hypothesis_id = ANY($1::uuid[])', [all]);
        await tx.query('DELETE FROM evidences WHERE hypothesis_id = ANY($1::uuid[])', [all]);
        await tx.query('DELETE FROM hypotheses WHERE id = ANY($1::uuid[])', [all]);
        return { deleted: all };
      }),
    );
  }

  /** Link-to-incident (spec §2, §5): existing or new incident, existing or new hypothesis, then the evidence. */
  async link(body: LinkToIncidentDto, personId: string): Promise<LinkToIncidentResponse> {
    if (!body.incident_id && !body.new_incident) throw badRequest(INCIDENT_MESSAGES.selectIncident);
    if (body.incident_id && !body.hypothesis_id && !body.new_hypothesis_title?.trim()) throw badRequest(INCIDENT_MESSAGES.selectHypothesis);
    return mapDbErrors(() =>
      this.db.transaction(async (tx) => {
        await actAs(tx, personId);
        let incidentId: string;
        let incidentTitle: string;
        let root: { id: string } | undefined;
        if (body.incident_id) {
          const incident = (await tx.query<{ id: string; title: string }>('SELECT id, title FROM incidents WHERE id = $1', [body.incident_id])).rows[0];
          if (!incident) throw badRequest(INCIDENT_MESSAGES.selectIncident);
          incidentId = incident.id;
          incidentTitle = incident.title;
        } else {
          const created = await this.insertIncident(tx, { ...body.new_incident!, status: 'open' }, personId);
          incidentId = created.id;
          incidentTitle = created.title;
          root = await this.insertHypothesis(
            tx,
            { incident_id: incidentId, parent_id: null, title: created.title, type: 'root', status: 'possible' },
            personId,
          );
        }
        let hypothesisId: string;
        if (body.hypothesis_id) {
          const h = (await tx.query<{ incident_id: string }>('SELECT incident_id FROM hypotheses WHERE id = $1', [body.hypothesis_id])).rows[0];
          if (!h || h.incident_id !== incidentId) throw badRequest(INCIDENT_MESSAGES.selectHypothesis);
          hypothesisId = body.hypothesis_id;
        } else if (root && !body.new_hypothesis_title?.trim()) {
          // A new incident with no hypothesis named: the evidence goes on its root, titled like the incident.
          hypothesisId = root.id;
        } else {
          const parent =
            root ??
            (await tx.query<{ id: string }>(`SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root' ORDER BY created_at LIMIT 1`, [incidentId]))
              .rows[0];
          const title = body.new_hypothesis_title?.trim() || incidentTitle;
          const created = parent
            ? await this.insertHypothesis(tx, { incident_id: incidentId, parent_id: parent.id, title, type: 'factor', status: 'possible' }, personId)
            : await this.insertHypothesis(tx, { incident_id: incidentId, parent_id: null, title, type: 'root', status: 'possible' }, personId);
          hypothesisId = created.id;
        }
        const evidence = await this.insertEvidence(tx, hypothesisId, body.evidence, personId);
        return { incident_id: incidentId, hypothesis_id: hypothesisId, evidence };
      }),
    );
  }

  private async insertIncident(tx: PoolClient, body: Omit<CreateIncidentRequest, 'evidence'>, personId: string): Promise<IncidentRow> {
    if (!body.title?.trim()) throw badRequest(INCIDENT_MESSAGES.required, 'bad_request', { field: 'title' });
    const { rows } = await tx.query<IncidentRow>(
      `INSERT INTO incidents (title, description, severity, type, status, commander_id, communicator_id, created_by)
       VALUES ($1, $2, coalesce($3, 'low'), coalesce($4, 'availability'), coalesce($5, 'open'), $6, $7, $8) RETURNING *`,
      [
        body.title.trim(),
        body.description ?? null,
        body.severity ?? null,
        body.type ?? null,
        body.status ?? null,
        body.commander_id ?? null,
        body.communicator_id ?? null,
        personId,
      ],
    );
    return rows[0];
  }

  private async insertHypothesis(
    tx: PoolClient,
    h: { incident_id: string; parent_id: string | null; title: string | null; type: string; status: string },
    personId: string,
  ): Promise<IncidentHypothesis> {
    const { rows } = await tx.query<IncidentHypothesis>(
      `INSERT INTO hypotheses (incident_id, parent_id, title, type, status, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [h.incident_id, h.parent_id, h.title, h.type, h.status, personId],
    );
    return rows[0];
  }

  private async insertEvidence(tx: PoolClient, hypothesisId: string, e: EvidenceInput, personId: string): Promise<IncidentEvidence> {
    const { rows } = await tx.query<IncidentEvidence>(
      `INSERT INTO evidences (hypothesis_id, type, description, config_id, component_id, check_id, config_change_id, config_analysis_id,
                              evidence, definition_of_done, script, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, false), nullif(btrim($11), ''), $12) RETURNING *`,
      [
        hypothesisId,
        e.type,
        e.description ?? null,
        e.config_id ?? null,
        e.component_id ?? null,
        e.check_id ?? null,
        e.config_change_id ?? null,
        e.config_analysis_id ?? null,
        e.evidence === undefined || e.evidence === null ? null : JSON.stringify(e.evidence),
        e.definition_of_done ?? null,
        e.script ?? null,
        personId,
      ],
    );
    return rows[0];
  }
}
