import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';
import { StorageKeyError, assertStorageKey } from './storage';

describe('assertStorageKey', () => {
  it.each(['user-1/doc.pdf', 'milk-powder/milk-powder-specification-v2.1.pdf', 'a', 'A_b-c.1/x'])(
    'accepts %s',
    (key) => {
      expect(() => assertStorageKey('documents', key)).not.toThrow();
    },
  );

  it.each([
    '',
    '../secret',
    'user/../../etc/passwd',
    '/etc/passwd',
    'user//doc.pdf',
    'user/',
    '.hidden',
    'user/.meta',
    '..',
    'user\\..\\doc',
    'doc\0.pdf',
    'espacio en blanco.pdf',
    'a'.repeat(513),
    '%2e%2e/doc',
  ])('refuses %j', (key) => {
    expect(() => assertStorageKey('documents', key)).toThrow(StorageKeyError);
  });

  it('refuses unknown buckets', () => {
    expect(() => assertStorageKey('public', 'doc.pdf')).toThrow(StorageKeyError);
  });
});

describe('local-disk storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tradeops-storage-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores, reads back, reports and deletes a file with its metadata', async () => {
    const storage = createLocalDiskStorage(root);
    const meta = await storage.put('payment-proofs', 'user-1/proof.pdf', Buffer.from('%PDF-1.7 proof'), {
      contentType: 'application/pdf',
      fileName: 'Comprobante.pdf',
    });
    expect(meta).toEqual({ contentType: 'application/pdf', fileName: 'Comprobante.pdf', size: 14 });
    expect(await storage.exists('payment-proofs', 'user-1/proof.pdf')).toBe(true);

    const stored = await storage.get('payment-proofs', 'user-1/proof.pdf');
    expect(stored?.meta).toEqual(meta);
    expect(await text(stored!.stream)).toBe('%PDF-1.7 proof');

    await storage.delete('payment-proofs', 'user-1/proof.pdf');
    expect(await storage.exists('payment-proofs', 'user-1/proof.pdf')).toBe(false);
    expect(await storage.get('payment-proofs', 'user-1/proof.pdf')).toBeNull();
  });

  it('accepts a stream, replaces an existing file and leaves no temporary files', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('documents', 'u/id.png', Buffer.from('old'), { contentType: 'image/png' });
    await storage.put('documents', 'u/id.png', Readable.from([Buffer.from('new '), Buffer.from('content')]), {
      contentType: 'image/png',
    });
    const stored = await storage.get('documents', 'u/id.png');
    expect(await text(stored!.stream)).toBe('new content');
    expect(await readdir(join(root, 'documents', 'u'))).toEqual(['id.png']);
  });

  it('keeps buckets apart and refuses keys that leave the bucket', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('specs', 'sheet.pdf', Buffer.from('x'), { contentType: 'application/pdf' });
    expect(await storage.exists('documents', 'sheet.pdf')).toBe(false);
    await expect(storage.get('documents', '../specs/sheet.pdf')).rejects.toThrow(StorageKeyError);
    await expect(
      storage.put('documents', '../../escape', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(StorageKeyError);
  });
});
