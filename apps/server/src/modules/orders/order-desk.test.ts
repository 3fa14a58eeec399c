import { describe, expect, it } from 'vitest';
import { type Outcome, OrderDesk } from './order-desk';

interface Item {
  key: string;
  n: number;
}

/** A desk whose batches finish when the test says so; it records every batch it was given. */
function deskForTest(
  options: {
    maxBatches?: number;
    maxBatchSize?: number;
    maxWaiting?: number;
    oneBatchPerKey?: boolean;
  } = {},
) {
  const batches: { items: Item[]; finish: (outcomes?: Outcome<number>[]) => void; fail: (error: Error) => void }[] = [];
  const desk = new OrderDesk<Item, number>({
    run: (items) =>
      new Promise((resolve, reject) => {
        batches.push({
          items,
          finish: (outcomes) => resolve(outcomes ?? items.map((item) => ({ ok: true, value: item.n * 10 }))),
          fail: reject,
        });
      }),
    maxBatches: options.maxBatches ?? 2,
    maxBatchSize: options.maxBatchSize ?? 10,
    maxWaiting: options.maxWaiting ?? 1_000,
    oneBatchPerKey: options.oneBatchPerKey ?? true,
    full: () => new Error('queue full'),
  });
  const submit = (key: string, n: number) => desk.submit(key, { key, n });
  return { desk, batches, submit };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const numbers = (items: Item[]) => items.map((item) => item.n);

describe('the order desk', () => {
  it('places what arrives in the same turn as one batch and answers each item its own outcome', async () => {
    const { batches, submit } = deskForTest();
    const answers = [submit('a', 1), submit('a', 2), submit('b', 3)].map((promise) =>
      promise.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await turn();
    expect(batches.map((batch) => numbers(batch.items))).toEqual([[1, 2, 3]]);
    batches[0]!.finish([
      { ok: true, value: 10 },
      { ok: false, error: new Error('OPERATION_FULL') },
      { ok: true, value: 30 },
    ]);
    expect(await Promise.all(answers)).toEqual([{ value: 10 }, { error: 'OPERATION_FULL' }, { value: 30 }]);
  });

  it('keeps an operation to one running batch: its next orders wait together, others run beside it', async () => {
    const { batches, submit } = deskForTest({ maxBatches: 3 });
    const first = submit('hot', 1);
    await turn();
    const waiting = [submit('hot', 2), submit('hot', 3), submit('hot', 4)];
    const other = submit('cold', 5);
    await turn();
    // 'hot' is held by the first batch: only 'cold' starts now.
    expect(batches.map((batch) => numbers(batch.items))).toEqual([[1], [5]]);
    batches[0]!.finish();
    expect(await first).toBe(10);
    await turn();
    expect(numbers(batches[2]!.items)).toEqual([2, 3, 4]);
    batches[2]!.finish();
    batches[1]!.finish();
    expect(await Promise.all([...waiting, other])).toEqual([20, 30, 40, 50]);
  });

  it('lets a key run in two batches at once when keys are not held (the screening stage)', async () => {
    const { batches, submit } = deskForTest({ oneBatchPerKey: false });
    const first = submit('hot', 1);
    await turn();
    const second = submit('hot', 2);
    await turn();
    expect(batches.map((batch) => numbers(batch.items))).toEqual([[1], [2]]);
    batches[1]!.finish();
    batches[0]!.finish();
    expect(await Promise.all([first, second])).toEqual([10, 20]);
  });

  it('runs at most maxBatches at once, each of at most maxBatchSize, in arrival order', async () => {
    const { batches, submit } = deskForTest({ maxBatches: 2, maxBatchSize: 2 });
    const all = Array.from({ length: 7 }, (_, n) => submit(`op-${n}`, n));
    await turn();
    expect(batches.map((batch) => numbers(batch.items))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    batches[1]!.finish();
    await turn();
    expect(batches.map((batch) => numbers(batch.items))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    batches[0]!.finish();
    batches[2]!.finish();
    await turn();
    batches[3]!.finish();
    expect(await Promise.all(all)).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('refuses every item of a batch that throws, and goes on with the next', async () => {
    const { batches, submit } = deskForTest({ maxBatches: 1 });
    const failed = [submit('a', 1), submit('b', 2)].map((promise) => promise.catch((error: Error) => error.message));
    await turn();
    const next = submit('a', 3);
    batches[0]!.fail(new Error('connection lost'));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    await turn();
    batches[1]!.finish();
    expect(await next).toBe(30);
  });

  it('refuses an item at once when maxWaiting items already wait', async () => {
    const { desk, batches, submit } = deskForTest({ maxBatches: 1, maxWaiting: 2 });
    const running = submit('a', 1);
    await turn();
    const waiting = [submit('b', 2), submit('c', 3)];
    const refused = await submit('d', 4).catch((error: Error) => error.message);
    expect(refused).toBe('queue full');
    expect(desk.waiting).toBe(2);
    batches[0]!.finish();
    expect(await running).toBe(10);
    await turn();
    batches[1]!.finish();
    expect(await Promise.all(waiting)).toEqual([20, 30]);
  });
});
