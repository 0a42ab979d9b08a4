import type { Writable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** The reader went away (closed the connection): the archive stops without an ERROR.txt. */
export class SnapshotAborted extends Error {
  constructor() {
    super('The client closed the connection');
  }
}

/** One entry being written: text pushed in pieces, compressed as it comes. */
export interface ZipEntry {
  /** Adds text; waits while the reader is behind (backpressure), so a large file never piles up in memory. */
  write(text: string): Promise<void>;
  /** Ends the entry (with an optional last piece). */
  close(text?: string): Promise<void>;
}

/**
 * fflate's streaming `Zip` over a Node writable: every compressed chunk is written as soon as fflate emits it, and
 * writers wait for 'drain' when the socket's buffer is full. Entries are written one after another (fflate holds
 * back a later entry's bytes until the earlier one ends, so a second open entry would only buffer).
 */
export class ZipStream {
  private readonly zip: Zip;
  private current?: { file: ZipDeflate; name: string };
  private failure?: Error;
  /** Whether any byte of the archive was handed to the writable (after that, no other status can be answered). */
  started = false;
  private readonly mtime = new Date();

  constructor(private readonly out: Writable) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure = error;
        return;
      }
      if (out.destroyed || out.writableEnded) return;
      this.started = true;
      out.write(chunk);
      if (final) out.end();
    });
  }

  /** The entry being written, if any (what an error cut short). */
  get open(): string | undefined {
    return this.current?.name;
  }

  entry(name: string): ZipEntry {
    if (this.current) throw new Error(`zip entry ${this.current.name} is still open`);
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    const current = { file, name };
    this.current = current;
    return {
      write: async (text) => {
        if (text) file.push(strToU8(text));
        await this.drained();
      },
      close: async (text = '') => {
        file.push(strToU8(text), true);
        if (this.current === current) this.current = undefined;
        await this.drained();
      },
    };
  }

  /** A whole small entry at once. */
  async file(name: string, text: string): Promise<void> {
    await this.entry(name).close(text);
  }

  /** Ends the entry an error cut short (its content so far stays) so that later entries can follow. */
  closeOpen(): void {
    if (!this.current) return;
    this.current.file.push(new Uint8Array(0), true);
    this.current = undefined;
  }

  /** Writes the central directory; the writable ends with it. */
  end(): void {
    this.zip.end();
  }

  /** Whether the reader is still there. */
  get gone(): boolean {
    return this.out.destroyed || (this.out as Writable & { closed?: boolean }).closed === true;
  }

  /** Resolves once the writable can take more; throws when the reader left or the compressor failed. */
  async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.gone) throw new SnapshotAborted();
    if (!this.out.writableNeedDrain) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      const onClose = () => done(new SnapshotAborted());
      this.out.once('drain', onDrain);
      this.out.once('close', onClose);
    });
  }
}
