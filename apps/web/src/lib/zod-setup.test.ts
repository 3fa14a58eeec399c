import { describe, expect, it } from 'vitest';
import './zod-setup';

describe('zod setup', () => {
  it('turns zod’s eval-based JIT off through the global config zod reads', async () => {
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
