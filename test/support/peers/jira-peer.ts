import type { Request, Response } from 'express';
import { basicCredentials, startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface JiraPeer extends HttpPeer {
  issues: { id: string; key: string; fields: Record<string, unknown> }[];
}

const PROJECTS = [
  { id: '10000', key: 'OPS', name: 'Operations', issueTypes: ['Task', 'Bug', 'Incident'] },
  { id: '10001', key: 'WEB', name: 'Website', issueTypes: ['Task', 'Story'] },
];
const PRIORITIES = ['Highest', 'High', 'Medium', 'Low', 'Lowest'];

/** The fields of POST /issue that the peer validates; anything else is kept as sent. */
interface IssueFields {
  project?: { key?: string; id?: string };
  issuetype?: { name?: string; id?: string };
  priority?: { name?: string };
  summary?: unknown;
  description?: unknown;
  [field: string]: unknown;
}

/**
 * Jira REST v2 as documented: basic auth (user + API token), /myself, /project, createmeta issue types,
 * /priority, and POST /issue answering 201 {id, key, self}, 400 {errorMessages, errors} on bad fields,
 * 401 without valid credentials.
 */
export async function startJiraPeer(user = 'bot@example.com', token = 'jira-token', options: PeerOptions = {}): Promise<JiraPeer> {
  const issues: JiraPeer['issues'] = [];
  let next = 1;
  const peer = await startHttpPeer((app) => {
    app.use('/rest/api', (req: Request, res: Response, nextFn) => {
      const creds = basicCredentials(req);
      if (!creds || creds.user !== user || creds.password !== token) {
        res.status(401).json({ errorMessages: ['You are not authenticated. Authentication required to perform this operation.'], errors: {} });
        return;
      }
      nextFn();
    });
    const base = (req: Request) => `http://${req.headers.host}`;
    app.get('/rest/api/2/myself', (req, res) => {
      res.json({
        self: `${base(req)}/rest/api/2/user?accountId=5b10a2844c20165700ede21g`,
        accountId: '5b10a2844c20165700ede21g',
        emailAddress: user,
        displayName: 'Console Bot',
        active: true,
      });
    });
    app.get('/rest/api/2/project', (req, res) => {
      res.json(PROJECTS.map((p) => ({ self: `${base(req)}/rest/api/2/project/${p.id}`, id: p.id, key: p.key, name: p.name, projectTypeKey: 'software' })));
    });
    app.get('/rest/api/2/issue/createmeta/:project/issuetypes', (req, res) => {
      const project = PROJECTS.find((p) => p.key === req.params.project || p.id === req.params.project);
      if (!project) {
        res.status(404).json({ errorMessages: [`No project could be found with key '${req.params.project}'.`], errors: {} });
        return;
      }
      const values = project.issueTypes.map((name, i) => ({ self: `${base(req)}/rest/api/2/issuetype/${i + 1}`, id: String(i + 1), name, subtask: false }));
      res.json({ maxResults: 50, startAt: 0, total: values.length, isLast: true, values });
    });
    app.get('/rest/api/2/priority', (req, res) => {
      res.json(PRIORITIES.map((name, i) => ({ self: `${base(req)}/rest/api/2/priority/${i + 1}`, id: String(i + 1), name })));
    });
    app.post('/rest/api/2/issue', (req, res) => {
      const fields = (req.body?.fields ?? {}) as IssueFields;
      const errors: Record<string, string> = {};
      const project = PROJECTS.find((p) => p.key === fields.project?.key || p.id === fields.project?.id);
      if (!fields.project) errors.project = 'project is required';
      else if (!project) errors.project = 'Specify a valid project ID or key';
      if (!fields.issuetype?.name && !fields.issuetype?.id) errors.issuetype = 'issue type is required';
      else if (project && !project.issueTypes.includes(fields.issuetype?.name ?? '')) errors.issuetype = 'Specify a valid issue type';
      if (!fields.summary || typeof fields.summary !== 'string') errors.summary = 'You must specify a summary of the issue.';
      if (fields.priority && !PRIORITIES.includes(fields.priority.name ?? '')) errors.priority = 'The priority selected is invalid.';
      if (fields.description !== undefined && typeof fields.description !== 'string') errors.description = 'Operation value must be a string';
      if (Object.keys(errors).length) {
        res.status(400).json({ errorMessages: [], errors });
        return;
      }
      const id = String(10000 + next);
      const key = `${project!.key}-${next++}`;
      issues.push({ id, key, fields });
      res.status(201).json({ id, key, self: `${base(req)}/rest/api/2/issue/${id}` });
    });
  }, options);
  return { ...peer, issues };
}
