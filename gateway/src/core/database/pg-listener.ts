import { Logger } from '@nestjs/common';
import { Client, type Pool } from 'pg';

/**
 * A dedicated connection LISTENing on channels, reconnecting after 5 s when it loses its server. `onPayload` gets
 * each notification's channel and payload; `close()` ends it. Callers also poll: a notification sent while the
 * listener was reconnecting is lost, so LISTEN only makes the common case prompt.
 */
export class PgListener {
  private client: Client | null = null;
  private closing = false;

  constructor(
    private readonly pool: Pool,
    private readonly channels: readonly string[],
    private readonly onPayload: (channel: string, payload: string) => void,
    private readonly logger = new Logger(PgListener.name),
  ) {}

  async start(): Promise<void> {
    if (this.closing) return;
    const client = new Client(this.pool.options as ConstructorParameters<typeof Client>[0]);
    client.on('error', (error) => {
      this.logger.warn(`LISTEN ${this.channels.join(', ')} lost its connection: ${error.message}`);
      if (this.client === client) this.client = null;
      if (!this.closing) setTimeout(() => void this.start().catch(() => undefined), 5000).unref();
    });
    client.on('notification', (message) => this.onPayload(message.channel, message.payload ?? ''));
    await client.connect();
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    this.client = client;
  }

  async close(): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
