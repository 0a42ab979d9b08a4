import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Injectable, Optional } from '@nestjs/common';
import git, { Errors } from 'isomorphic-git';
import type { ActionContext, ActionOutcome, ActionSpec, ActionType } from '@contracts';
import { httpUrl, isConnectionRef, resolveValue } from '@gateway/core/checks/runner-kit';
import { OutboundError, OutboundHttp, OutboundRefused } from '@gateway/core/outbound';
import { ACTION_TYPES, judgedLater, stopReason } from '@gateway/core/playbooks';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { readPatch } from './file-patch';
import { outboundGitHttp } from './git-http';
import { applyChange, pathProblem, type FileChange } from './work-tree';

const DEFAULT_BRANCH = 'main';
/** Who commits when the body names no author and the run has no user with an email. */
const CONSOLE_AUTHOR = { name: 'Operations Console', email: 'console@localhost' };

const isMap = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** What `git check-ref-format --branch` would refuse, roughly: spaces, `..`, control characters and git's specials. */
function branchProblem(branch: string): string | null {
  if (/[\s~^:?*[\\\x00-\x1f\x7f]|\.\.|@\{|\/\/|^[-/.]|[/.]$|\.lock$|\/\./.test(branch) || branch === '@') return 'is not a valid branch name';
  return null;
}

/**
 * Action type `gitops`: clones one branch of a repository over HTTP(S) (depth 1), writes, patches or deletes files,
 * commits and pushes. The repository is `repo.url` (or a `connection://` whose URL and credentials are used); every
 * request goes through the console's outbound client with the run's guard. No change, no commit.
 */
@Injectable()
@Extension(ACTION_TYPES, 'gitops')
export class GitopsAction implements ActionType {
  readonly type = 'gitops';
  // Resumed after an interruption it may commit a second time.
  readonly retrySafe = false;
  /** A file's content is written as it is: a whole-value `$(...)` in it is the file's own text, not CEL. */
  readonly codeFields = ['files[*].content'];

  // The one outbound client (global in the app); a bare instance (a test) gets its own.
  constructor(@Optional() private readonly http: OutboundHttp = new OutboundHttp()) {}

  /** At save time, a field written as a template (`{{ .params.path }}`, `$(…)`) is judged when the action runs. */
  validate(body: ActionSpec): string[] {
    return this.problems(body, false);
  }

  private problems(body: ActionSpec, atRun: boolean): string[] {
    const errors: string[] = [];
    const later = judgedLater(atRun);
    const { repo, commit, files } = body;
    if (!isMap(repo)) errors.push('repo: required (url, branch)');
    else {
      if (!isText(repo.url)) errors.push('repo.url: required');
      else if (!later(repo.url) && !isConnectionRef(repo.url) && !httpUrl(repo.url)) {
        errors.push('repo.url: must be an http:// or https:// URL or a connection:// reference');
      }
      if (isSet(repo.branch)) {
        if (typeof repo.branch !== 'string') errors.push('repo.branch: must be text');
        else if (!later(repo.branch) && branchProblem(repo.branch)) errors.push(`repo.branch: ${branchProblem(repo.branch)}`);
      }
      for (const field of ['username', 'password'] as const) {
        if (isSet(repo[field]) && typeof repo[field] !== 'string' && !isMap(repo[field])) errors.push(`repo.${field}: must be text or a secret reference`);
      }
    }
    if (!isMap(commit)) errors.push('commit.message: required');
    else {
      if (!isText(commit.message)) errors.push('commit.message: required');
      if (isSet(commit.author)) {
        if (!isMap(commit.author)) errors.push('commit.author: must be {name, email}');
        else for (const field of ['name', 'email'] as const) if (!isText(commit.author[field])) errors.push(`commit.author.${field}: required`);
      }
    }
    if (!Array.isArray(files) || !files.length) errors.push('files: required (at least one)');
    else files.forEach((file, i) => errors.push(...fileProblems(file, `files[${i}]`, later)));
    return errors;
  }

  async run(body: ActionSpec, ctx: ActionContext): Promise<ActionOutcome> {
    const problems = this.problems(body, true);
    if (problems.length) return { error: problems.join('; '), result: {} };
    const repo = body.repo as Record<string, unknown>;
    const commit = body.commit as { message: string; author?: { name: string; email: string } };
    const files = body.files as FileChange[];
    const branch = isText(repo.branch) ? repo.branch.trim() : DEFAULT_BRANCH;

    const remote = await this.remote(repo, ctx);
    if (typeof remote === 'string') return { error: remote, result: { branch } };
    const { url, headers } = remote;
    const http = outboundGitHttp(this.http, { guard: ctx.outbound, signal: ctx.signal, timeoutMs: ctx.timeoutMs });
    // What the server says on the side while receiving the push (its hooks' messages: "remote: ..." in git's client).
    const said: string[] = [];
    const onMessage = (message: string) => {
      for (const line of message.split(/\r?\n|\r/).filter((l) => l.trim())) {
        said.push(line.trim());
        ctx.log(`remote: ${line.trim()}`);
      }
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-'));
    let step = 'clone';
    try {
      ctx.log(`cloning ${url} (branch ${branch}, depth 1)`);
      await git.clone({ fs, http, dir, url, ref: branch, singleBranch: true, depth: 1, noTags: true, headers });
      const parent = await git.resolveRef({ fs, dir, ref: 'HEAD' });
      ctx.log(`cloned at ${parent.slice(0, 7)}`);

      step = 'change';
      for (const [i, file] of files.entries()) {
        let wrote: boolean;
        try {
          wrote = await applyChange(dir, file);
        } catch (error) {
          return { error: `files[${i}].path: ${file.path} ${(error as Error).message}`, result: { branch } };
        }
        ctx.log(`${file.path}: ${wrote ? (file.delete ? 'deleted' : file.patch !== undefined ? 'patched' : 'written') : 'unchanged'}`);
      }
      const changed: string[] = [];
      for (const file of [...new Set(files.map((f) => f.path))]) {
        if (fs.existsSync(path.join(dir, file))) await git.add({ fs, dir, filepath: file });
        else await git.remove({ fs, dir, filepath: file });
        const status = await git.status({ fs, dir, filepath: file });
        if (status !== 'unmodified' && status !== 'absent') changed.push(file);
      }
      if (!changed.length) {
        ctx.log(`nothing to commit: ${branch} already holds these files`);
        return { result: { changed: false, commit: parent, branch, files: [] } };
      }

      step = 'push';
      // The pack is compressed: the guard sees the changes as they are, so no credential of another connection
      // (from templates) is committed to this repository's origin.
      await ctx.outbound.check(url, { url, headers, message: commit.message, files });
      const author = commit.author ?? runAuthor(ctx);
      const sha = await git.commit({ fs, dir, message: commit.message, author });
      ctx.log(`committed ${sha.slice(0, 7)} as ${author.name} <${author.email}>: ${changed.join(', ')}`);
      const pushed = await git.push({ fs, http, dir, remote: 'origin', ref: branch, headers, onMessage });
      if (!pushed.ok) return { error: refusal(branch, pushed.error ?? refError(pushed.refs), said), result: { branch } };
      ctx.log(`pushed ${sha.slice(0, 7)} to ${branch}`);
      return { result: { changed: true, commit: sha, branch, files: changed } };
    } catch (error) {
      return { error: gitError(error, step, branch, ctx, said), result: { branch } };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The remote's URL without credentials, and the Basic authorization header they make (when there are any). */
  private async remote(repo: Record<string, unknown>, ctx: ActionContext): Promise<{ url: string; headers: Record<string, string> } | string> {
    const written = repo.url as string;
    const raw = isConnectionRef(written) ? await ctx.resolveSecret(written) : written;
    if (!raw) return `repo.url: ${written} could not be resolved (no such connection, or it has no URL)`;
    const url = httpUrl(raw);
    if (!url) return `repo.url: ${isConnectionRef(written) ? `the URL of ${written}` : 'it'} must be an http:// or https:// URL`;
    const username = (await resolveValue(repo.username, ctx)) ?? (decodeURIComponent(url.username) || null);
    const password = (await resolveValue(repo.password, ctx)) ?? (decodeURIComponent(url.password) || null);
    url.username = '';
    url.password = '';
    const headers: Record<string, string> = {};
    if (username || password) headers.authorization = 'Basic ' + Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64');
    return { url: url.href, headers };
  }
}

function fileProblems(file: unknown, at: string, later: (value: unknown) => boolean): string[] {
  if (!isMap(file)) return [`${at}: must be {path, content | patch | delete}`];
  const errors: string[] = [];
  if (typeof file.path !== 'string' || !file.path.trim()) errors.push(`${at}.path: required`);
  else if (!later(file.path) && pathProblem(file.path)) errors.push(`${at}.path: ${pathProblem(file.path)}`);
  const given = (['content', 'patch', 'delete'] as const).filter((k) => file[k] !== undefined && file[k] !== null && file[k] !== false);
  if (given.length !== 1) errors.push(`${at}: give exactly one of content, patch and delete`);
  if (file.content !== undefined && file.content !== null && typeof file.content !== 'string') errors.push(`${at}.content: must be text`);
  if (file.delete !== undefined && typeof file.delete !== 'boolean') errors.push(`${at}.delete: must be true or false`);
  if (file.patch !== undefined && file.patch !== null && !later(file.patch)) {
    try {
      readPatch(file.patch);
    } catch (error) {
      errors.push(`${at}.patch: ${(error as Error).message}`);
    }
  }
  return errors;
}

/** The run's user when it has a name and an email, else the console. */
function runAuthor(ctx: ActionContext): { name: string; email: string } {
  const user = ctx.scope.user;
  return user?.email ? { name: user.name || user.email, email: user.email } : CONSOLE_AUTHOR;
}

function refError(refs: Record<string, { ok: boolean; error?: string }>): string {
  return (
    Object.entries(refs)
      .filter(([, r]) => !r.ok)
      .map(([ref, r]) => `${ref}: ${r.error ?? 'refused'}`)
      .join('; ') || 'the server did not update the branch'
  );
}

/** A refused push: the server's reasons per branch, and what its hooks said. */
function refusal(branch: string, reason: string, said: string[]): string {
  return `the push of ${branch} was refused: ${reason}${said.length ? ` (the server said: ${said.join(' / ')})` : ''}`;
}

/** What went wrong, in the words of the step that failed. */
function gitError(error: unknown, step: string, branch: string, ctx: ActionContext, said: string[]): string {
  if (ctx.signal.aborted) return stopReason(ctx);
  if (error instanceof OutboundRefused) return error.message;
  const e = error as Error & {
    code?: string;
    data?: { statusCode?: number; statusMessage?: string; reason?: string; result?: { refs: Record<string, { ok: boolean; error?: string }> } };
  };
  if (e.code === Errors.GitPushError.code) return refusal(branch, refError(e.data?.result?.refs ?? {}), said);
  if (e.code === Errors.HttpError.code) {
    const status = e.data?.statusCode;
    if (status === 401) return 'the git server refused the credentials (HTTP 401)';
    if (status === 403) return `the git server refused access to the repository (HTTP 403 on ${step})`;
    return `the git server answered HTTP ${status}${e.data?.statusMessage ? ` ${e.data.statusMessage}` : ''} on ${step}`;
  }
  if (e.code === Errors.NotFoundError.code && step === 'clone') return `branch ${branch} not found in the repository`;
  if (e.code === Errors.PushRejectedError.code)
    return `the push of ${branch} was rejected (${e.data?.reason ?? 'rejected'}): it changed since the clone; run again`;
  if (error instanceof OutboundError) return `could not reach the git server: ${e.message}`;
  return `${step} failed: ${e.message}`;
}
