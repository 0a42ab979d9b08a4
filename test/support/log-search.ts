import type { LogLine, LogSearchContext } from '@contracts';
import { checkContext } from './check-context';

/**
 * For the specs of log-backend types: the search's context (the checks' guard rails, loopback allowed; secrets from
 * `secrets` by name or a `{valueFrom: {literal}}`), and a search's lines or its error.
 */
export function logSearchContext(secrets: Record<string, string> = {}, outbound?: LogSearchContext['outbound'], timeoutMs = 5000): LogSearchContext {
  return checkContext(
    timeoutMs,
    async (ref) => (typeof ref === 'string' ? (secrets[ref] ?? null) : ((ref as { valueFrom?: { literal?: string } })?.valueFrom?.literal ?? null)),
    outbound,
  );
}

/** Every line of a search. */
export async function collect(lines: AsyncIterable<LogLine>): Promise<LogLine[]> {
  const out: LogLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

/** The message of a search that must fail. */
export async function failure(lines: AsyncIterable<LogLine>): Promise<string> {
  try {
    await collect(lines);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the search did not fail');
}
