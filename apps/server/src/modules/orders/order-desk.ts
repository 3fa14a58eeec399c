/**
 * The order desk: orders that arrive together are placed together (docs/decisions/025-order-batches.md).
 *
 * Orders of one operation are serialised by its row lock, so on a busy deal each order waited for
 * the one before it to lock, check, write and commit — a dozen round trips each, one at a time.
 * The desk queues the orders this process receives and hands them to `run` in batches: one
 * transaction locks every operation of the batch once, checks each order in arrival order against
 * the figures the orders before it left, writes them all and commits once. A batch never shares an
 * operation with another running batch of this process (the rest of that operation's orders wait
 * for the next one), so batches of one process never wait on each other's locks; other processes'
 * transactions still queue on the row lock, as before.
 *
 * With nothing running an order starts at once, alone; under load the queue fills while batches
 * run and the next batch takes what waits. How many run at once and how many orders one takes are
 * bounded, and an order that finds the queue full is refused.
 */

/** What `run` answers for each item of its batch, in order: a value, or the error that item is refused with. */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

export interface OrderDeskOptions<Item, Result> {
  /**
   * Places a batch. Answers one outcome per item; a throw refuses the whole batch with that error
   * (the caller decides whether to retry items alone).
   */
  run: (items: Item[]) => Promise<Outcome<Result>[]>;
  /** Batches running at once (each holds one database connection). */
  maxBatches: number;
  /** Items one batch takes at most. */
  maxBatchSize: number;
  /**
   * Whether a key is held by its running batch (orders: an operation's row lock); when false, any
   * waiting items make the next batch (the screening before the orders, which locks nothing).
   */
  oneBatchPerKey: boolean;
  /**
   * Items waiting at most: one more is refused at once with `full()` (the queue's memory is bounded).
   * No time limit: an order waits its turn as long as its batches take; a database that stops
   * answering fails the batches (the pool's own timeout), and those failures drain the queue.
   */
  maxWaiting: number;
  full: () => Error;
}

interface Waiting<Item, Result> {
  key: string;
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

export class OrderDesk<Item, Result> {
  private queue: Waiting<Item, Result>[] = [];
  /** Keys (operation ids) of the batches running now. */
  private readonly busy = new Set<string>();
  private running = 0;
  private pumpScheduled = false;

  constructor(private readonly options: OrderDeskOptions<Item, Result>) {}

  /** Queues `item` under `key` (its operation) and answers its outcome once its batch ran. */
  submit(key: string, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      if (this.queue.length >= this.options.maxWaiting) {
        reject(this.options.full());
        return;
      }
      this.queue.push({ key, item, resolve, reject });
      this.schedulePump();
    });
  }

  /** Items waiting for a batch (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  /** On the next turn of the event loop: orders arriving in the same turn share a batch. */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.maxBatches) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      void this.runBatch(batch);
    }
  }

  /** The oldest waiting items whose keys no running batch holds, in arrival order. */
  private takeBatch(): Waiting<Item, Result>[] {
    const batch: Waiting<Item, Result>[] = [];
    const kept: Waiting<Item, Result>[] = [];
    for (const waiting of this.queue) {
      const held = this.options.oneBatchPerKey && this.busy.has(waiting.key);
      if (batch.length < this.options.maxBatchSize && !held) batch.push(waiting);
      else kept.push(waiting);
    }
    this.queue = kept;
    return batch;
  }

  private async runBatch(batch: Waiting<Item, Result>[]): Promise<void> {
    const keys = new Set(batch.map((waiting) => waiting.key));
    for (const key of keys) this.busy.add(key);
    this.running += 1;
    try {
      const outcomes = await this.options.run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index];
        if (!outcome) waiting.reject(new Error('the order batch answered fewer outcomes than orders'));
        else if (outcome.ok) waiting.resolve(outcome.value);
        else waiting.reject(outcome.error);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      for (const key of keys) this.busy.delete(key);
      this.running -= 1;
      this.pump();
    }
  }
}
