import type { OutboundGuard } from '@contracts';
import { AddressPolicy, OutboundRefused, type OutboundTarget } from './address-policy';
import { CredentialLedger } from './credential-ledger';

const URL_PORTS: Record<string, number> = {
  'http:': 80,
  'https:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
  'mysql:': 3306,
  'redis:': 6379,
  'rediss:': 6379,
  'mongodb:': 27017,
};

/** A URL (or `{protocol, host, port}`) as a target; a URL without a port gets its scheme's default. */
export function toTarget(target: string | URL | OutboundTarget): OutboundTarget {
  if (typeof target === 'object' && !(target instanceof URL)) return target;
  let url: URL;
  try {
    url = target instanceof URL ? target : new URL(target);
  } catch {
    throw new OutboundRefused(`not a valid address: ${String(target)}`);
  }
  const port = url.port ? Number(url.port) : URL_PORTS[url.protocol];
  if (!url.hostname || !port) throw new OutboundRefused(`no host and port in ${url.protocol}//${url.host}`);
  return { protocol: url.protocol, host: url.hostname, port };
}

/**
 * What one run of a spec uses before each outbound call: the address policy, then the credential binding. Every type
 * calls `check` before it connects, with what it is about to send (URL, headers, credentials, body).
 */
export class RunGuard implements OutboundGuard {
  constructor(
    private readonly policy: AddressPolicy,
    readonly ledger: CredentialLedger = new CredentialLedger(),
    /** Who calls, for the refusal's message ("is not reachable from playbooks"). */
    private readonly from = 'checks',
  ) {}

  async check(target: string | URL | OutboundTarget, sending?: unknown): Promise<readonly string[]> {
    const resolved = toTarget(target);
    this.ledger.assertMaySend(resolved, sending ?? (typeof target === 'string' ? target : ''));
    return this.policy.check(resolved, this.from);
  }
}
