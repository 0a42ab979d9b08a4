import { Injectable, Optional } from '@nestjs/common';
import type { ResolvedConnection, ResponderCreateContext, ResponderHandler, ResponderOption } from '@contracts';
import { ConnectionStore, handlerConnection } from '@gateway/core/connections';
import { OutboundHttp } from '@gateway/core/outbound';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { JiraClient } from './jira.client';
import { RESPONDER_HANDLERS } from '@gateway/core/responders';

const REQUIRED = ['project', 'issueType', 'priority', 'summary', 'description'] as const;

/**
 * `jira` responders: an issue in the chosen project (POST /rest/api/2/issue); the external id is the issue key.
 * Options: `jira.instances` (jira connections), `jira.projects`, `jira.issueTypes` (by project), `jira.priorities`.
 */
@Injectable()
@Extension(RESPONDER_HANDLERS, 'jira')
export class JiraResponder implements ResponderHandler {
  readonly type = 'jira' as const;
  readonly connectionTypes = ['jira'] as const;

  constructor(
    private readonly connections: ConnectionStore,
    // The one outbound client (global); a bare instance (a test) gets one with the default address policy.
    @Optional() private readonly http: OutboundHttp = new OutboundHttp(),
  ) {}

  async create({ incident, fields, connection }: ResponderCreateContext): Promise<{ externalId: string }> {
    const missing = REQUIRED.filter((f) => !fields[f]?.trim());
    if (missing.length) throw new Error(`The Jira responder is missing ${missing.join(', ')}`);
    const jira = new JiraClient(this.http, await this.connectionOrDefault(connection, fields.instance));
    const issue = await jira.createIssue({
      project: fields.project.trim(),
      issueType: fields.issueType.trim(),
      priority: fields.priority.trim(),
      summary: fields.summary.trim(),
      description: `${fields.description}\n\n----\nIncident ${incident.incident_id}: ${incident.url}`,
    });
    if (!issue?.key) throw new Error('Jira answered without an issue key');
    return { externalId: issue.key };
  }

  async options(key: string, params: Record<string, string>, connection: ResolvedConnection | null): Promise<ResponderOption[]> {
    if (key === 'jira.instances') {
      return (await this.connections.list(this.connectionTypes)).map((c) => ({ value: c.id, label: c.name }));
    }
    const jira = new JiraClient(this.http, await this.connectionOrDefault(connection, params.instance));
    switch (key) {
      case 'jira.projects':
        return (await jira.projects()).map((p) => ({ value: p.key ?? p.id, label: p.name }));
      case 'jira.issueTypes':
        if (!params.project) return [];
        return (await jira.issueTypes(params.project)).map((t) => ({ value: t.name, label: t.name }));
      case 'jira.priorities':
        return (await jira.priorities()).map((p) => ({ value: p.name, label: p.name }));
      default:
        throw new Error(`Unknown Jira option list '${key}'`);
    }
  }

  private connectionOrDefault(connection: ResolvedConnection | null, instance?: string): Promise<ResolvedConnection> {
    return handlerConnection(this.connections, 'Jira', this.connectionTypes, connection, instance);
  }
}
