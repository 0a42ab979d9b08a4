import * as net from 'node:net';
import type { CheckRunContext } from '@contracts';

/** The context a check runner gets: an abort signal that fires after `timeoutMs`, and a secret resolver. */
export function checkContext(timeoutMs = 2000, resolveSecret: CheckRunContext['resolveSecret'] = async () => null): CheckRunContext {
  return { signal: AbortSignal.timeout(timeoutMs), timeoutMs, resolveSecret };
}

/** Whether something listens at host:port, so live tests can skip (and say why) on a machine without that server. */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.setTimeout(500, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}
