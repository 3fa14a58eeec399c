import { describe, expect, it } from 'vitest';
import { demoId } from './demo-ids';

describe('demoId', () => {
  it('derives the same valid UUID from the same name, and different ones from different names', () => {
    expect(demoId('operation:milk-powder-regular')).toBe(demoId('operation:milk-powder-regular'));
    expect(demoId('a')).not.toBe(demoId('b'));
    expect(demoId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
