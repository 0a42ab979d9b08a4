import type { ResolvedConnection } from '@contracts';
import { ConnectionApi, PeerError } from '@gateway/core/connections';
import type { OutboundHttp } from '@gateway/core/outbound';

export interface JiraIssueInput {
  project: string;
  issueType: string;
  priority: string;
  summary: string;
  description: string;
}

interface Named {
  id: string;
  key?: string;
  name: string;
}

/**
 * Jira REST v2 (Cloud and Data Center) with basic auth: username + API token (Cloud) or password (DC).
 * The connection url is the site, e.g. https://example.atlassian.net.
 */
export class JiraClient extends ConnectionApi {
  constructor(http: OutboundHttp, connection: ResolvedConnection) {
    super(http, connection, { product: 'Jira', auth: 'basic' });
  }

  myself(): Promise<{ accountId?: string; name?: string; displayName?: string }> {
    return this.call('GET', '/rest/api/2/myself');
  }

  async createIssue(input: JiraIssueInput): Promise<{ id: string; key: string; self: string }> {
    return this.call('POST', '/rest/api/2/issue', {
      fields: {
        project: { key: input.project },
        issuetype: { name: input.issueType },
        priority: { name: input.priority },
        summary: input.summary,
        description: input.description,
      },
    });
  }

  projects(): Promise<Named[]> {
    return this.call<Named[]>('GET', '/rest/api/2/project');
  }

  /** Issue types creatable in a project: the createmeta endpoint (Jira 8.4+ / Cloud), else the project's list. */
  async issueTypes(projectKey: string): Promise<Named[]> {
    const key = encodeURIComponent(projectKey);
    try {
      const meta = await this.call<{ values?: Named[]; issueTypes?: Named[] }>('GET', `/rest/api/2/issue/createmeta/${key}/issuetypes`);
      return meta.values ?? meta.issueTypes ?? [];
    } catch (error) {
      if (!(error instanceof PeerError) || error.status !== 404) throw error;
      const project = await this.call<{ issueTypes?: Named[] }>('GET', `/rest/api/2/project/${key}`);
      return project.issueTypes ?? [];
    }
  }

  priorities(): Promise<Named[]> {
    return this.call<Named[]>('GET', '/rest/api/2/priority');
  }
}
