import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import type { OutboundGuard } from '@contracts';
import type { OutboundHttp } from '@gateway/core/outbound';

/** The largest answer read: a shallow clone's pack is the branch's files, compressed. */
export const GIT_MAX_BYTES = 100 * 1024 * 1024;

export interface GitHttpOptions {
  /** The run's guard: asked before every request, with everything it carries. */
  guard: OutboundGuard;
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes?: number;
}

/**
 * isomorphic-git's HTTP transport over the console's one outbound client: every request of the smart-HTTP
 * protocol (ref discovery, upload-pack, receive-pack) passes the run's guard (address policy, credential binding),
 * has the run's signal and deadline, and reads at most `maxBytes`. No redirect is followed (a 30x is an answer).
 */
export function outboundGitHttp(http: OutboundHttp, options: GitHttpOptions): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Buffer[] = [];
      if (body) for await (const chunk of body) chunks.push(Buffer.from(chunk));
      const res = await http.request(url, {
        method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        guard: options.guard,
        signal: options.signal,
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes ?? GIT_MAX_BYTES,
        oversize: 'fail',
      });
      return { url, method, statusCode: res.status, statusMessage: res.statusText, headers: res.headers, body: once(new Uint8Array(res.body)) };
    },
  };
}

async function* once(chunk: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield chunk;
}
