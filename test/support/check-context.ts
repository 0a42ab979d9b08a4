import * as net from 'node:net';
import type { CheckRunContext } from '@contracts';
import { AddressPolicy, RunGuard } from '../../gateway/src/core/outbound';

/**
 * The context a check runner gets: an abort signal that fires after `timeoutMs`, a secret resolver, and the outbound
 * guard (here with a policy that denies only cloud metadata: the peers of these tests are on loopback).
 */
export function checkContext(
  timeoutMs = 2000,
  resolveSecret: CheckRunContext['resolveSecret'] = async () => null,
  outbound: CheckRunContext['outbound'] = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] })),
): CheckRunContext {
  return { signal: AbortSignal.timeout(timeoutMs), timeoutMs, resolveSecret, outbound };
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
