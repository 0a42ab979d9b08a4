import { createHash } from 'node:crypto';

/** Stable ids, constants and small value helpers shared by the demo seed files. */

export const MARKER = 'demo.seeded';
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
export const CLUSTER = 'prod-eu-1';
export const REGION = 'eu-west-1';

/** A stable UUID (v5 layout) for a demo key, so every run addresses the same rows. */
export function demoId(key: string): string {
  const hex = createHash('sha1').update(`ops-console-demo:${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const json = (value: unknown): string => JSON.stringify(value);
export const minutesAgo = (minutes: number): Date => new Date(Date.now() - minutes * 60_000);
