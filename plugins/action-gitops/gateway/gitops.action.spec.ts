import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AddressPolicy, CredentialLedger, RunGuard } from '@gateway/core/outbound';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { actionContext } from '../../../test/support/action-context';
import { startGitPeer, type GitPeer } from '../../../test/support/peers/git-peer';
import { GitopsAction } from './gitops.action';

const action = new GitopsAction();

const APP_YAML = `# the web app
kind: Deployment
spec:
  replicas: 2 # scaled by playbooks
  image: web:1.0
  paused: true
`;

/** Runs `work` with `TMPDIR` (where os.tmpdir() points) set to `dir`. */
async function withTmpdir<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return await work();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

describe('gitops action', () => {
  let peer: GitPeer;
  let secured: GitPeer;
  beforeAll(async () => {
    peer = await startGitPeer({
      files: { 'README.md': '# ops\n', 'deploy/app.yaml': APP_YAML, 'deploy/values.json': '{\n    "tag": "1.0",\n    "debug": true\n}\n', 'old.txt': 'bye\n' },
      symlinks: { outside: os.tmpdir() },
    });
    secured = await startGitPeer({ auth: { username: 'bot', password: 'push-secret' }, branch: 'deploy' });
  });
  afterAll(async () => {
    await peer.stop();
    await secured.stop();
  });

  const head = (p: GitPeer, branch = 'main') => p.git('rev-parse', branch).trim();

  it('is the gitops type of the action types, and not safe to run twice', () => {
    expect(extensionsOf(GitopsAction)).toEqual([{ point: ACTION_TYPES.id, id: 'gitops' }]);
    expect(action.retrySafe).toBe(false);
  });

  it('commits written, patched and deleted files and pushes them to the branch', async () => {
    const before = head(peer);
    // The clone goes to the temporary folder: a private one here, to see that it is left empty.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-spec-'));
    const ctx = actionContext({ scope: { user: { id: 'u', name: 'Ada Lovelace', email: 'ada@example.com' } } });
    const outcome = await withTmpdir(tmp, () =>
      action.run(
        {
          repo: { url: peer.url },
          commit: { message: 'Scale web to 3' },
          files: [
            { path: 'deploy/app.yaml', patch: 'spec:\n  replicas: 3\n  paused: null\n  resources: {cpu: 250m}\n' },
            { path: 'deploy/values.json', patch: { tag: '1.1', debug: null } },
            { path: 'clusters/prod/notes.md', content: 'scaled\n' },
            { path: 'old.txt', delete: true },
          ],
        },
        ctx,
      ),
    );
    expect(outcome.error).toBeUndefined();
    const sha = head(peer);
    expect(sha).not.toBe(before);
    expect(outcome.result).toEqual({
      changed: true,
      commit: sha,
      branch: 'main',
      files: ['deploy/app.yaml', 'deploy/values.json', 'clusters/prod/notes.md', 'old.txt'],
    });

    expect(peer.git('log', '-1', '--format=%an <%ae>|%s|%P', 'main').trim()).toBe(`Ada Lovelace <ada@example.com>|Scale web to 3|${before}`);
    // The comments and layout of what the patch did not touch are kept.
    expect(peer.git('show', 'main:deploy/app.yaml')).toBe(`# the web app
kind: Deployment
spec:
  replicas: 3 # scaled by playbooks
  image: web:1.0
  resources:
    cpu: 250m
`);
    expect(peer.git('show', 'main:deploy/values.json')).toBe('{\n    "tag": "1.1"\n}\n');
    expect(peer.git('show', 'main:clusters/prod/notes.md')).toBe('scaled\n');
    expect(peer.git('ls-tree', '--name-only', 'main').split('\n')).not.toContain('old.txt');
    expect(ctx.lines).toEqual([
      `cloning ${peer.url} (branch main, depth 1)`,
      `cloned at ${before.slice(0, 7)}`,
      'deploy/app.yaml: patched',
      'deploy/values.json: patched',
      'clusters/prod/notes.md: written',
      'old.txt: deleted',
      `committed ${sha.slice(0, 7)} as Ada Lovelace <ada@example.com>: deploy/app.yaml, deploy/values.json, clusters/prod/notes.md, old.txt`,
      `pushed ${sha.slice(0, 7)} to main`,
    ]);
    // The clone's temporary folder is gone.
    expect(fs.readdirSync(tmp)).toEqual([]);
    fs.rmdirSync(tmp);
  });

  it('makes no commit when the files already hold what is asked', async () => {
    const before = head(peer);
    const pushes = () => peer.requests.filter((r) => r.url.includes('receive-pack')).length;
    const pushedBefore = pushes();
    const outcome = await action.run(
      {
        repo: { url: peer.url, branch: 'main' },
        commit: { message: 'noop' },
        files: [
          { path: 'README.md', content: '# ops\n' },
          { path: 'deploy/app.yaml', patch: { kind: 'Deployment' } },
          { path: 'never-there.txt', delete: true },
        ],
      },
      actionContext(),
    );
    expect(outcome).toEqual({ result: { changed: false, commit: before, branch: 'main', files: [] } });
    expect(head(peer)).toBe(before);
    expect(pushes()).toBe(pushedBefore);
  });

  it('authenticates with the connection’s credentials, or the body’s, on another branch', async () => {
    const resolveSecret = async (ref: unknown) => (ref === 'connection://gitea' ? secured.url.replace('http://', 'http://bot:push-secret@') : null);
    const ctx = actionContext({ resolveSecret });
    const first = await action.run(
      {
        repo: { url: 'connection://gitea', branch: 'deploy' },
        commit: { message: 'first', author: { name: 'Release Bot', email: 'bot@example.com' } },
        files: [{ path: 'a.txt', content: 'a' }],
      },
      ctx,
    );
    expect(first.error).toBeUndefined();
    expect(first.result).toMatchObject({ changed: true, branch: 'deploy', commit: head(secured, 'deploy') });
    // The credentials travel in the Authorization header, never in the URL.
    expect(ctx.lines[0]).toBe(`cloning ${secured.url} (branch deploy, depth 1)`);

    const second = await action.run(
      {
        repo: { url: secured.url, branch: 'deploy', username: 'bot', password: 'push-secret' },
        commit: { message: 'second' },
        files: [{ path: 'a.txt', content: 'b' }],
      },
      actionContext(),
    );
    expect(second.error).toBeUndefined();
    expect(secured.git('log', '--format=%an|%s', 'deploy').trim().split('\n')).toEqual([
      'Operations Console|second',
      'Release Bot|first',
      'Peer Seeder|initial',
    ]);
    expect(new Set(secured.requests.filter((r) => r.status !== 401).map((r) => r.user))).toEqual(new Set(['bot']));
  });

  it('fails with a clear message when the password is wrong, and pushes nothing', async () => {
    const before = head(secured, 'deploy');
    const outcome = await action.run(
      { repo: { url: secured.url, branch: 'deploy', username: 'bot', password: 'wrong' }, commit: { message: 'x' }, files: [{ path: 'a.txt', content: 'x' }] },
      actionContext(),
    );
    expect(outcome).toEqual({ error: 'the git server refused the credentials (HTTP 401)', result: { branch: 'deploy' } });
    expect(head(secured, 'deploy')).toBe(before);
  });

  it('fails when the branch does not exist', async () => {
    const outcome = await action.run(
      { repo: { url: peer.url, branch: 'release' }, commit: { message: 'x' }, files: [{ path: 'a', content: 'a' }] },
      actionContext(),
    );
    expect(outcome.error).toBe('branch release not found in the repository');
  });

  it('does not connect where the outbound policy refuses', async () => {
    const requestsBefore = peer.requests.length;
    // The peer's port stands for the console's own.
    const guard = new RunGuard(new AddressPolicy({ listenPort: peer.port, database: null, allow: [] }));
    const outcome = await action.run(
      { repo: { url: peer.url }, commit: { message: 'x' }, files: [{ path: 'a', content: 'a' }] },
      actionContext({ outbound: guard }),
    );
    expect(outcome.error).toBe(`127.0.0.1:${peer.port} is not reachable from checks: it is this console. An administrator can allow it.`);
    expect(peer.requests).toHaveLength(requestsBefore);
  });

  it('does not commit a credential another connection gave the run to this repository', async () => {
    const before = head(peer);
    const ledger = new CredentialLedger();
    ledger.record('vault-token-123', { name: 'vault', url: 'https://vault.example' });
    const guard = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }), ledger);
    const outcome = await action.run(
      { repo: { url: peer.url }, commit: { message: 'leak' }, files: [{ path: 'token.txt', content: 'vault-token-123' }] },
      actionContext({ outbound: guard }),
    );
    expect(outcome.error).toBe(`the credential from connection 'vault' may only be sent to https://vault.example:443, not http://127.0.0.1:${peer.port}`);
    expect(head(peer)).toBe(before);
  });

  it('never writes through a symbolic link of the repository', async () => {
    const before = head(peer);
    const outcome = await action.run(
      { repo: { url: peer.url }, commit: { message: 'x' }, files: [{ path: 'outside/escaped.txt', content: 'x' }] },
      actionContext(),
    );
    expect(outcome.error).toBe('files[0].path: outside/escaped.txt outside is a symbolic link in the repository');
    expect(fs.existsSync(path.join(os.tmpdir(), 'escaped.txt'))).toBe(false);
    expect(head(peer)).toBe(before);
  });

  it('fails with the server’s reason when it refuses the push', async () => {
    const guarded = await startGitPeer();
    try {
      fs.writeFileSync(path.join(guarded.bare, 'hooks', 'pre-receive'), '#!/bin/sh\necho "main is protected" >&2\nexit 1\n', { mode: 0o755 });
      const before = head(guarded);
      const outcome = await action.run({ repo: { url: guarded.url }, commit: { message: 'x' }, files: [{ path: 'a', content: 'a' }] }, actionContext());
      expect(outcome.error).toBe('the push of main was refused: refs/heads/main: pre-receive hook declined (the server said: main is protected)');
      expect(head(guarded)).toBe(before);
    } finally {
      await guarded.stop();
    }
  });

  it('stops when the run is stopped, before anything is pushed, saying why as the engine does', async () => {
    const before = head(peer);
    for (const [reason, said] of [
      [new Error('the run timed out after 2s'), 'the run timed out after 2s'],
      [new Error('Cancelled'), 'Cancelled'],
      [undefined, 'cancelled'],
    ] as const) {
      const outcome = await action.run(
        { repo: { url: peer.url }, commit: { message: 'x' }, files: [{ path: 'a', content: 'a' }] },
        actionContext({ signal: AbortSignal.abort(reason), timeoutMs: 1234 }),
      );
      expect(outcome.error).toBe(said);
    }
    expect(head(peer)).toBe(before);
  });

  it('fails on a patch of a missing file or of a file that holds no map', async () => {
    const missing = await action.run({ repo: { url: peer.url }, commit: { message: 'x' }, files: [{ path: 'nope.yaml', patch: { a: 1 } }] }, actionContext());
    expect(missing.error).toBe('files[0].path: nope.yaml does not exist, so there is nothing to patch');
    const notMap = await action.run({ repo: { url: peer.url }, commit: { message: 'x' }, files: [{ path: 'README.md', patch: { a: 1 } }] }, actionContext());
    expect(notMap.error).toBe('files[0].path: README.md does not hold a YAML map to merge into');
  });

  it('names each problem of the body by its field', () => {
    expect(action.validate({})).toEqual(['repo: required (url, branch)', 'commit.message: required', 'files: required (at least one)']);
    expect(
      action.validate({
        repo: { url: 'ssh://git@example.com/repo.git', branch: 'a..b', password: 3 },
        commit: { message: ' ', author: { name: 'x' } },
        files: [
          { path: '../etc/passwd', content: 'x' },
          { path: '/abs', content: 'x' },
          { path: '.git/config', content: 'x' },
          { path: 'a', content: 'x', delete: true },
          { path: 'b' },
          { path: 'c.yaml', patch: '- a list' },
          'd',
        ],
      }),
    ).toEqual([
      'repo.url: must be an http:// or https:// URL or a connection:// reference',
      'repo.branch: is not a valid branch name',
      'repo.password: must be text or a secret reference',
      'commit.message: required',
      'commit.author.email: required',
      'files[0].path: must not contain ..',
      'files[1].path: must be relative to the repository',
      'files[2].path: must not be inside .git',
      'files[3]: give exactly one of content, patch and delete',
      'files[4]: give exactly one of content, patch and delete',
      'files[5].patch: must be a map (YAML or JSON)',
      'files[6]: must be {path, content | patch | delete}',
    ]);
    expect(
      action.validate({
        repo: { url: 'connection://gitea', branch: 'release/1.2', password: { valueFrom: { secretKeyRef: { name: 'gitea', key: 'password' } } } },
        commit: { message: 'm' },
        files: [{ path: 'a/b.yaml', patch: { a: 1 } }],
      }),
    ).toEqual([]);
    // Filled in when the run starts.
    expect(
      action.validate({
        repo: { url: '{{ .params.repo }}', branch: '{{ .params.branch }}' },
        commit: { message: '$(params.message)' },
        files: [{ path: '{{ .params.file }}', patch: '{{ .params.patch }}' }],
      }),
    ).toEqual([]);
  });

  it('judges at run time what templates filled in: a path leaving the clone is refused even when it looks like a template', async () => {
    const ctx = actionContext();
    const outcome = await action.run(
      { repo: { url: 'http://127.0.0.1:1/r.git', branch: 'main' }, commit: { message: 'm' }, files: [{ path: '../../escape/{{ x }}', content: 'x' }] },
      ctx,
    );
    expect(outcome).toEqual({ error: 'files[0].path: must not contain ..', result: {} });
    expect(ctx.lines).toEqual([]);
  });
});
