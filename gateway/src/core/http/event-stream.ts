import type { Response } from 'express';

/** How often an open event stream sends a comment, so proxies and load balancers keep it open. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/**
 * Server-sent events on an Express response: `open` answers 200 with the stream's headers (no caching, no proxy
 * buffering) and flushes them; `send` writes one named event with JSON data; `heartbeat` writes a comment.
 */
export const eventStream = {
  open(res: Response): void {
    res
      .status(200)
      .set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
  },
  send(res: Response, event: string, data: unknown): void {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  },
  heartbeat(res: Response): void {
    res.write(': keep-alive\n\n');
  },
};
