import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { BSON, type Document } from 'mongodb';

/**
 * A minimal MongoDB server on 127.0.0.1 for check tests: it speaks the wire protocol (OP_MSG, and OP_QUERY for the
 * driver's first handshake) and answers as a standalone server to hello/isMaster, ping, buildInfo and endSessions.
 * Other commands get CommandNotFound. (BSON comes from the `mongodb` package's own `bson`.)
 */
export interface MongoPeerOptions {
  /** Version reported by buildInfo. */
  version?: string;
  /** Answer `ping` with `{ok: 0, errmsg, code}` instead of `{ok: 1}`. */
  pingError?: { errmsg: string; code?: number; codeName?: string };
  /** Accept connections and read, but never answer anything. */
  silent?: boolean;
}

export interface MongoPeer {
  url: string;
  port: number;
  /** Command names received, in order (`hello`, `isMaster`, `ping`, ...). */
  commands: string[];
  stop(): Promise<void>;
}

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;
const MORE_TO_COME = 1 << 1;
const CHECKSUM_PRESENT = 1 << 0;

export async function startMongoPeer(options: MongoPeerOptions = {}): Promise<MongoPeer> {
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  let nextConnectionId = 1;
  let nextRequestId = 1;

  const answer = (command: Document, connectionId: number): Document => {
    const name = Object.keys(command)[0] ?? '';
    commands.push(name);
    switch (name.toLowerCase()) {
      case 'hello':
      case 'ismaster':
        return {
          ...(name === 'hello' ? { isWritablePrimary: true } : { ismaster: true, isWritablePrimary: true }),
          helloOk: true,
          maxBsonObjectSize: 16 * 1024 * 1024,
          maxMessageSizeBytes: 48_000_000,
          maxWriteBatchSize: 100_000,
          localTime: new Date(),
          logicalSessionTimeoutMinutes: 30,
          connectionId,
          minWireVersion: 0,
          maxWireVersion: 21,
          readOnly: false,
          ok: 1,
        };
      case 'ping':
        return options.pingError ? { ok: 0, code: 8000, codeName: 'PingFailed', ...options.pingError } : { ok: 1 };
      case 'buildinfo':
        return { version: options.version ?? '7.0.0', versionArray: (options.version ?? '7.0.0').split('.').map(Number), ok: 1 };
      case 'endsessions':
        return { ok: 1 };
      default:
        return { ok: 0, errmsg: `no such command: '${name}'`, code: 59, codeName: 'CommandNotFound' };
    }
  };

  const header = (length: number, responseTo: number, opCode: number) => {
    const h = Buffer.alloc(16);
    h.writeInt32LE(length, 0);
    h.writeInt32LE(nextRequestId++, 4);
    h.writeInt32LE(responseTo, 8);
    h.writeInt32LE(opCode, 12);
    return h;
  };

  const opMsg = (doc: Document, responseTo: number) => {
    const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), BSON.serialize(doc)]); // flagBits 0, section kind 0
    return Buffer.concat([header(16 + body.length, responseTo, OP_MSG), body]);
  };

  const opReply = (doc: Document, responseTo: number) => {
    const fields = Buffer.alloc(20); // responseFlags, cursorID (int64), startingFrom, numberReturned
    fields.writeInt32LE(1, 16);
    const body = Buffer.concat([fields, BSON.serialize(doc)]);
    return Buffer.concat([header(16 + body.length, responseTo, OP_REPLY), body]);
  };

  /** Handles one complete message; returns the reply to write, or null (fire-and-forget or unsupported). */
  const handle = (message: Buffer, connectionId: number): Buffer | null => {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_MSG) {
      const flags = message.readUInt32LE(16);
      const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
      let offset = 20;
      let command: Document | null = null;
      const sequences: Record<string, Document[]> = {};
      while (offset < end) {
        const kind = message[offset++];
        if (kind === 0) {
          const size = message.readInt32LE(offset);
          command = BSON.deserialize(message.subarray(offset, offset + size));
          offset += size;
        } else {
          const size = message.readInt32LE(offset);
          const sectionEnd = offset + size;
          const nameEnd = message.indexOf(0, offset + 4);
          const identifier = message.toString('utf8', offset + 4, nameEnd);
          let at = nameEnd + 1;
          sequences[identifier] = [];
          while (at < sectionEnd) {
            const docSize = message.readInt32LE(at);
            sequences[identifier].push(BSON.deserialize(message.subarray(at, at + docSize)));
            at += docSize;
          }
          offset = sectionEnd;
        }
      }
      const reply = answer({ ...(command ?? {}), ...sequences }, connectionId);
      return flags & MORE_TO_COME ? null : opMsg(reply, requestId);
    }
    if (opCode === OP_QUERY) {
      const nameEnd = message.indexOf(0, 20);
      const queryAt = nameEnd + 1 + 8; // numberToSkip, numberToReturn
      const size = message.readInt32LE(queryAt);
      let query = BSON.deserialize(message.subarray(queryAt, queryAt + size));
      if (query.$query) query = query.$query as Document; // wrapped form with read preference
      return opReply(answer(query, connectionId), requestId);
    }
    return null;
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const connectionId = nextConnectionId++;
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      if (options.silent) return;
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4 && buffer.length >= buffer.readInt32LE(0)) {
        const length = buffer.readInt32LE(0);
        const reply = handle(buffer.subarray(0, length), connectionId);
        buffer = buffer.subarray(length);
        if (reply) socket.write(reply);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mongodb://127.0.0.1:${port}`,
    port,
    commands,
    stop: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
