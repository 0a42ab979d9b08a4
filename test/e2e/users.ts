import * as os from 'node:os';
import * as path from 'node:path';
import type { Role } from '@contracts';

export const STATE_FILE = path.join(os.tmpdir(), 'console-e2e-state.json');

export const E2E_USERS: Record<'admin' | 'editor' | 'viewer', { name: string; email: string; password: string; role: Role }> = {
  admin: { name: 'Admin', email: 'admin@e2e.local', password: 'admin-password-e2e', role: 'admin' },
  editor: { name: 'Eddie Editor', email: 'editor@e2e.local', password: 'editor-password-e2e', role: 'editor' },
  viewer: { name: 'Vera Viewer', email: 'viewer@e2e.local', password: 'viewer-password-e2e', role: 'viewer' },
};

export const JIRA_USER = 'bot@example.com';
export const JIRA_TOKEN = 'jira-token';

export function e2eState(): { pid: number; db: string; url: string; jiraUrl: string } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return JSON.parse(require('node:fs').readFileSync(STATE_FILE, 'utf8'));
}
