import { Worker } from 'node:worker_threads';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { workerSource } from './cel-worker-source';
import { asUserExpression, userExpressionProblem, type ExpressionLanguage, type UserExpression } from './limits';

/** The CEL type of a result, as the worker saw it before making it plain JSON (`int` for a bigint). */
export type ExpressionKind = 'null' | 'bool' | 'int' | 'double' | 'string' | 'list' | 'map' | string;

export type ExpressionOutcome = { ok: true; value: unknown; kind: ExpressionKind } | { ok: false; error: string };

/** A CEL duration for the variables of an evaluation (revived as a duration inside the worker). */
export const celDuration = (seconds: number) => ({ '@cel.duration': `${Math.max(0, Math.floor(seconds))}s` });

interface Task {
  id: number;
  language: ExpressionLanguage;
  expression: string;
  variables: Record<string, unknown>;
  resolve(outcome: ExpressionOutcome): void;
}

interface Slot {
  worker: Worker;
  /** cel-js is loaded and the worker takes tasks. */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Evaluates user expressions (definition-of-done scripts, check test/display/transform, and every later CEL use)
 * with their size limited (`limits.ts`) and off the event loop: a small pool of worker threads
 * (`EXPRESSION_WORKERS`), each evaluation under `EXPRESSION_TIMEOUT_MS`. A worker past the timeout is ended and
 * replaced, and the evaluation fails closed; the gateway's event loop only posts and receives messages.
 */
@Injectable()
export class ExpressionEvaluator implements OnModuleDestroy {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly source: string;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'expressions'>) {
    this.source = workerSource({
      cel: require.resolve('@marcbachmann/cel-js'),
      jsonpath: require.resolve('jsonpath-plus'),
      template: require.resolve('@ctrl/golang-template'),
      quickjs: require.resolve('quickjs-emscripten'),
    });
  }

  /**
   * Never throws: an expression over the limits, failing, or running too long is `{ok: false, error}`. A string is
   * CEL; `{language, source}` names another language (JavaScript, JSONPath, Go template).
   */
  evaluate(expression: string | UserExpression, variables: Record<string, unknown>): Promise<ExpressionOutcome> {
    const { language, source } = asUserExpression(expression);
    const problem = userExpressionProblem({ language, source });
    if (problem) return Promise.resolve({ ok: false, error: `The expression ${problem}` });
    if (this.closed) return Promise.resolve({ ok: false, error: 'The console is shutting down' });
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, language, expression: source, variables, resolve });
      this.dispatch();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.resolve({ ok: false, error: 'The console is shutting down' });
    await Promise.all(this.slots.splice(0).map((slot) => this.finish(slot, { ok: false, error: 'The console is shutting down' })));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => s.ready && !s.task);
      if (!slot) {
        if (this.slots.length < this.config.expressions.workers) this.spawn();
        return;
      }
      const task = this.queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(() => {
        void this.finish(slot, { ok: false, error: `The expression took longer than ${this.config.expressions.timeoutMs} ms` });
      }, this.config.expressions.timeoutMs);
      try {
        // A script stops itself a little before the limit (the worker lives on); the timer above is the backstop.
        const timeoutMs = Math.max(5, this.config.expressions.timeoutMs - 50);
        slot.worker.postMessage({
          id: task.id,
          language: task.language,
          expression: task.expression,
          variables: task.variables,
          timeoutMs,
          limitMs: this.config.expressions.timeoutMs,
        });
      } catch (error) {
        // Variables that cannot be cloned (a function, a symbol): the caller's bug, answered as a failure.
        void this.finish(slot, { ok: false, error: `The expression's variables cannot be evaluated: ${(error as Error).message}` });
      }
    }
  }

  private spawn(): void {
    const slot: Slot = { worker: new Worker(this.source, { eval: true }), ready: false, task: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (message: ({ id: number } & ExpressionOutcome) | { ready: true }) => {
      if ('ready' in message) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      if (!slot.task || slot.task.id !== message.id) return;
      const task = slot.task;
      this.release(slot);
      const { id: _id, ...outcome } = message;
      task.resolve(outcome as ExpressionOutcome);
      this.dispatch();
    });
    slot.worker.on('error', (error) => {
      const outcome: ExpressionOutcome = { ok: false, error: `The expression could not be evaluated: ${error.message}` };
      // A worker that cannot even start would fail again: answer what waits instead of starting another.
      if (!slot.ready) for (const task of this.queue.splice(0)) task.resolve(outcome);
      void this.finish(slot, outcome);
    });
    this.slots.push(slot);
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  /** Ends a worker (timed out, broken, or shutting down), answers its task, and lets a fresh one take the queue. */
  private async finish(slot: Slot, outcome: ExpressionOutcome): Promise<void> {
    const task = slot.task;
    this.release(slot);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    task?.resolve(outcome);
    await slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.dispatch();
  }
}
