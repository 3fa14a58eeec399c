import { type AppDatabase } from '../../db/client';
import { addOperationViews } from './operation-aggregate';

/** How long a view may wait in memory before it is added to `operations.views_count`. */
export const VIEW_FLUSH_INTERVAL_MS = 1_000;
/**
 * Operations with views waiting in memory at most. Reached (more distinct deals viewed within a
 * flush than this, or the database refusing writes for a while), a flush starts at once and views
 * of further operations are not counted until it is done: a statistic, lost rather than the heap.
 */
export const VIEW_PENDING_MAX_OPERATIONS = 10_000;

/**
 * Operation views, counted in memory and added to the database once a second per instance in
 * one atomic statement (`views_count = views_count + n`, no lost increments between instances).
 * A view is a page statistic, not money: writing (and fsyncing) a row per page view made the
 * detail page a write and queued every reader of a popular deal behind its row lock. The price:
 * a crash loses at most the last second's views of that instance, and another instance shows
 * them up to a second late. `pendingOf` lets this instance show its own unflushed views at once.
 */
export class ViewCounter {
  #pending = new Map<string, number>();
  #flushing = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;
  #flushed: Promise<void> = Promise.resolve();

  #dropped = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly log: { warn(obj: unknown, message: string): void },
    flushIntervalMs: number = VIEW_FLUSH_INTERVAL_MS,
    private readonly maxPending: number = VIEW_PENDING_MAX_OPERATIONS,
  ) {
    this.#timer = setInterval(() => void this.flush(), flushIntervalMs);
    this.#timer.unref();
  }

  /** Counts one view of `operationId`. */
  count(operationId: string): void {
    const pending = this.#pending.get(operationId);
    if (pending === undefined && this.#pending.size >= this.maxPending) {
      this.#dropped += 1;
      void this.flush();
      return;
    }
    this.#pending.set(operationId, (pending ?? 0) + 1);
  }

  /** Operations with views waiting in memory (never above the bound). */
  get pendingOperations(): number {
    return this.#pending.size;
  }

  /** Views not counted because the bound was reached. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Views of `operationId` this instance counted that the database does not hold yet. */
  pendingOf(operationId: string): number {
    return (this.#pending.get(operationId) ?? 0) + (this.#flushing.get(operationId) ?? 0);
  }

  /**
   * Adds the counted views to the database (one statement); views of an operation locked at that
   * moment, or of a failed write, wait for the next flush.
   */
  flush(): Promise<void> {
    this.#flushed = this.#flushed.then(() => this.#write());
    return this.#flushed;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    this.#flushing = this.#pending;
    this.#pending = new Map();
    const batch = [...this.#flushing];
    try {
      const busy = await addOperationViews(this.db, batch);
      // An operation whose row was locked at that moment keeps its views for the next flush.
      this.#keep(batch.filter(([id]) => busy.has(id)));
    } catch (error) {
      this.log.warn({ err: error, operations: batch.length }, 'operation views not saved yet; retried next flush');
      this.#keep(batch);
    } finally {
      this.#flushing = new Map();
    }
  }

  #keep(views: readonly (readonly [string, number])[]): void {
    for (const [id, count] of views) {
      const pending = this.#pending.get(id);
      if (pending === undefined && this.#pending.size >= this.maxPending) this.#dropped += count;
      else this.#pending.set(id, (pending ?? 0) + count);
    }
  }

  /** Stops the timer and writes what is left (on shutdown). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush().catch(() => undefined);
  }
}
