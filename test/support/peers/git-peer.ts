import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface GitPeerOptions {
  /** Files of the first commit (path → content). Default: a README. */
  files?: Record<string, string>;
  /** Symbolic links of the first commit (path → where it points). */
  symlinks?: Record<string, string>;
  /** The branch of the first commit (default `main`). */
  branch?: string;
  /** Require these credentials (HTTP Basic) on every request; without, anyone may clone and push. */
  auth?: { username: string; password: string };
}

export interface GitRequest {
  method: string;
  /** Path and query, e.g. `/repo.git/info/refs?service=git-upload-pack`. */
  url: string;
  /** The user of a Basic authorization header, accepted or not. */
  user: string | null;
  status: number;
}

export interface GitPeer {
  /** The repository's clone URL: `http://127.0.0.1:<port>/repo.git`. */
  url: string;
  port: number;
  /** The bare repository on disk, for `git --git-dir <bare> log` and friends. */
  bare: string;
  requests: GitRequest[];
  /** `git --git-dir <bare> <args>`, its standard output. */
  git(...args: string[]): string;
  stop(): Promise<void>;
}

const IDENTITY = ['-c', 'user.name=Peer Seeder', '-c', 'user.email=seeder@peer.test', '-c', 'commit.gpgsign=false'];

/**
 * A real smart-HTTP git server on 127.0.0.1: a `node:http` server that runs `git http-backend` as a CGI program over
 * a bare repository made with `git init --bare` in a temporary folder (`http.receivepack` on, so pushes are taken),
 * seeded with one commit. Optional Basic authentication; every request is recorded.
 */
export async function startGitPeer(options: GitPeerOptions = {}): Promise<GitPeer> {
  const branch = options.branch ?? 'main';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'git-peer-'));
  const bare = path.join(root, 'repo.git');
  const run = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv() });
  run(root, 'init', '--quiet', '--bare', `--initial-branch=${branch}`, bare);
  run(bare, 'config', 'http.receivepack', 'true');
  const seed = path.join(root, 'seed');
  fs.mkdirSync(seed);
  run(seed, 'init', '--quiet', `--initial-branch=${branch}`);
  for (const [file, content] of Object.entries(options.files ?? { 'README.md': '# repo\n' })) {
    fs.mkdirSync(path.dirname(path.join(seed, file)), { recursive: true });
    fs.writeFileSync(path.join(seed, file), content);
  }
  for (const [link, to] of Object.entries(options.symlinks ?? {})) fs.symlinkSync(to, path.join(seed, link));
  run(seed, 'add', '--all');
  run(seed, ...IDENTITY, 'commit', '--quiet', '-m', 'initial');
  run(seed, 'push', '--quiet', bare, branch);
  fs.rmSync(seed, { recursive: true, force: true });

  const requests: GitRequest[] = [];
  const server = http.createServer((req, res) => {
    const user = basicUser(req.headers.authorization);
    const record = (status: number) => requests.push({ method: req.method ?? 'GET', url: req.url ?? '', user: user?.username ?? null, status });
    const auth = options.auth;
    if (auth && (user?.username !== auth.username || user?.password !== auth.password)) {
      record(401);
      req.resume();
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"', 'content-type': 'text/plain' }).end('authentication required\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://peer');
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...gitEnv(),
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
        REMOTE_USER: user?.username ?? '',
        REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersSent = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersSent) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n') >= 0 ? head.indexOf('\r\n\r\n') + 4 : head.indexOf('\n\n') >= 0 ? head.indexOf('\n\n') + 2 : -1;
      if (end < 0) return;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      record(status);
      res.writeHead(status, headers);
      headersSent = true;
      res.write(head.subarray(end));
    });
    cgi.stderr.resume();
    cgi.on('close', () => {
      if (!headersSent) {
        record(500);
        res.writeHead(500).end('git http-backend failed\n');
      } else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/repo.git`,
    port,
    bare,
    requests,
    git: (...args) => execFileSync('git', ['--git-dir', bare, ...args], { encoding: 'utf8', env: gitEnv() }),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The environment of the peer's git commands: none of the machine's or the user's git configuration. */
function gitEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: os.tmpdir(), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LANG: 'C' };
}

function basicUser(header: string | undefined): { username: string; password: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
