/**
 * A stand-in for the browser's EventSource in jsdom: the test sends named events (`send('run', detail)`) and errors
 * (`fail()`), and reads what was opened (`instances`, `url`) and whether it was closed. Install it with
 * `globalThis.EventSource = FakeEventSource` and reset `instances` after each test.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  /** The one opened last. */
  static latest(): FakeEventSource {
    return FakeEventSource.instances.at(-1)!;
  }
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  removeEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((l) => l !== listener),
    );
  }
  close() {
    this.closed = true;
  }
  /** Delivers `data` (as JSON) to the listeners of the event `name`. */
  send(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.();
  }
}
