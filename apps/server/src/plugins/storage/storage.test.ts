import { createHash, randomUUID } from 'node:crypto';
import { type Server, type Socket, createServer } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import { type Storage, StorageKeyError, assertStorageKey } from './storage';

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

/** Each driver over a store of its own: a temporary folder, or a bucket on a real S3-compatible server. */
const DRIVERS: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: 'local disk',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'tradeops-storage-'));
      return { storage: createLocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3',
    async open() {
      const server = await startS3Server();
      return { storage: createS3Storage(server.options), close: () => server.close() };
    },
  },
];

/** Every byte value, a few times over. */
const BINARY = Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256));
const LARGE_FILE_BYTES = 11 * 1024 * 1024;

/** `total` pseudo-random bytes (xorshift32) in 64 KiB chunks, made as they are read (never held whole). */
function generatedStream(total: number, options: { failAfter?: number } = {}): Readable {
  async function* chunks() {
    let state = 2463534242;
    let produced = 0;
    while (produced < total) {
      if (options.failAfter !== undefined && produced >= options.failAfter) throw new Error('the source broke off');
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - produced));
      for (let offset = 0; offset + 4 <= chunk.length; offset += 4) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        chunk.writeInt32LE(state | 0, offset);
      }
      produced += chunk.length;
      yield chunk;
    }
  }
  return Readable.from(chunks());
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe.each(DRIVERS)('storage contract: $name driver', (driver) => {
  let storage: Storage;
  let close: () => Promise<void>;
  /** A fresh key prefix per test: no test reads another's objects. */
  let prefix: string;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  });
  afterAll(async () => {
    await close();
  });
  beforeEach(() => {
    prefix = randomUUID();
  });

  it('stores binary bytes with their metadata and reads them back unchanged', async () => {
    const key = `${prefix}/proof.pdf`;
    const meta = await storage.put('payment-proofs', key, BINARY, {
      contentType: 'application/pdf',
      fileName: 'Cédula Ñandú (frente) – 2024.pdf',
    });
    expect(meta).toEqual({
      contentType: 'application/pdf',
      fileName: 'Cédula Ñandú (frente) – 2024.pdf',
      size: BINARY.length,
    });
    expect(await storage.exists('payment-proofs', key)).toBe(true);

    const stored = await storage.get('payment-proofs', key);
    expect(stored?.meta).toEqual(meta);
    expect((await buffer(stored!.stream)).equals(BINARY)).toBe(true);
  });

  it('takes a Uint8Array, a multi-chunk stream and an empty file', async () => {
    await storage.put('documents', `${prefix}/array.bin`, new Uint8Array([0, 255, 10, 13]), {
      contentType: 'application/octet-stream',
    });
    const array = await storage.get('documents', `${prefix}/array.bin`);
    expect([...(await buffer(array!.stream))]).toEqual([0, 255, 10, 13]);
    expect(array?.meta).toEqual({ contentType: 'application/octet-stream', fileName: null, size: 4 });

    const streamed = await storage.put(
      'documents',
      `${prefix}/stream.txt`,
      Readable.from([Buffer.from('new '), Buffer.from('content')]),
      { contentType: 'text/plain', fileName: 'nota.txt' },
    );
    expect(streamed).toEqual({ contentType: 'text/plain', fileName: 'nota.txt', size: 11 });
    expect(await text((await storage.get('documents', `${prefix}/stream.txt`))!.stream)).toBe('new content');

    for (const [name, data] of [
      ['empty-buffer', Buffer.alloc(0)],
      ['empty-stream', Readable.from([])],
    ] as const) {
      expect((await storage.put('documents', `${prefix}/${name}`, data, { contentType: 'text/plain' })).size).toBe(0);
      const empty = await storage.get('documents', `${prefix}/${name}`);
      expect(empty?.meta.size).toBe(0);
      expect((await buffer(empty!.stream)).length).toBe(0);
    }
  });

  it('streams a file of several megabytes both ways, delivering it in pieces', async () => {
    const key = `${prefix}/large.bin`;
    const expected = await buffer(generatedStream(LARGE_FILE_BYTES));
    const meta = await storage.put('documents', key, generatedStream(LARGE_FILE_BYTES), {
      contentType: 'application/octet-stream',
    });
    expect(meta.size).toBe(LARGE_FILE_BYTES);

    const stored = await storage.get('documents', key);
    expect(stored?.meta.size).toBe(LARGE_FILE_BYTES);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    // Read as it arrives, not handed over as one whole buffer.
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(LARGE_FILE_BYTES / 4);
    const received = Buffer.concat(chunks);
    expect(received.length).toBe(LARGE_FILE_BYTES);
    expect(sha256(received)).toBe(sha256(expected));
  });

  it('answers a missing key with null, false, and a delete that does nothing', async () => {
    const key = `${prefix}/missing.pdf`;
    expect(await storage.get('documents', key)).toBeNull();
    expect(await storage.exists('documents', key)).toBe(false);
    await expect(storage.delete('documents', key)).resolves.toBeUndefined();
  });

  it('deletes an object and its metadata', async () => {
    const key = `${prefix}/gone.pdf`;
    await storage.put('specs', key, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf', fileName: 'a.pdf' });
    await storage.delete('specs', key);
    expect(await storage.exists('specs', key)).toBe(false);
    expect(await storage.get('specs', key)).toBeNull();
    // Stored again without a name: no name is left over from before.
    await storage.put('specs', key, Buffer.from('x'), { contentType: 'text/plain' });
    expect((await storage.get('specs', key))?.meta).toEqual({ contentType: 'text/plain', fileName: null, size: 1 });
  });

  it('replaces an existing object, its metadata included', async () => {
    const key = `${prefix}/id.png`;
    await storage.put('documents', key, Buffer.from('old content, longer'), {
      contentType: 'image/png',
      fileName: 'vieja.png',
    });
    await storage.put('documents', key, Readable.from([Buffer.from('new')]), { contentType: 'image/jpeg' });
    const stored = await storage.get('documents', key);
    expect(stored?.meta).toEqual({ contentType: 'image/jpeg', fileName: null, size: 3 });
    expect(await text(stored!.stream)).toBe('new');
  });

  it('keeps the previous object when a streamed upload breaks off', async () => {
    const key = `${prefix}/proof.pdf`;
    await storage.put('payment-proofs', key, Buffer.from('the good one'), { contentType: 'application/pdf' });
    await expect(
      storage.put('payment-proofs', key, generatedStream(LARGE_FILE_BYTES, { failAfter: 6 * 1024 * 1024 }), {
        contentType: 'application/pdf',
      }),
    ).rejects.toThrow();
    const stored = await storage.get('payment-proofs', key);
    expect(await text(stored!.stream)).toBe('the good one');
    expect(stored?.meta.size).toBe(12);
  });

  it('takes keys with every allowed kind of character, deep and long', async () => {
    const keys = [
      `${prefix}/A_b-c.1/x`,
      `${prefix}/a..b--c__d.tar.gz`,
      `${prefix}/0/1/2/3/4/5/6/7/deep.PDF`,
      `${prefix}/${'x'.repeat(200)}/${'y'.repeat(196)}.pdf`,
      `${prefix}/milk-powder-specification-v2.1.pdf`,
    ];
    for (const key of keys) {
      expect(() => assertStorageKey('specs', key)).not.toThrow();
      await storage.put('specs', key, Buffer.from(key), { contentType: 'text/plain' });
    }
    for (const key of keys) {
      expect(await text((await storage.get('specs', key))!.stream)).toBe(key);
    }
  });

  it('keeps buckets apart', async () => {
    const key = `${prefix}/sheet.pdf`;
    await storage.put('specs', key, Buffer.from('spec'), { contentType: 'application/pdf' });
    await storage.put('documents', key, Buffer.from('document'), { contentType: 'application/pdf' });
    expect(await storage.exists('operation-images', key)).toBe(false);
    expect(await text((await storage.get('specs', key))!.stream)).toBe('spec');
    await storage.delete('documents', key);
    expect(await storage.exists('specs', key)).toBe(true);
  });

  it('refuses keys that could leave the bucket and unknown buckets, on every operation', async () => {
    await expect(storage.get('documents', '../specs/sheet.pdf')).rejects.toThrow(StorageKeyError);
    await expect(
      storage.put('documents', '../../escape', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(StorageKeyError);
    await expect(storage.exists('documents', `${prefix}/.meta`)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete('documents', `/${prefix}`)).rejects.toThrow(StorageKeyError);
    // @ts-expect-error a bucket the type does not know, as a caller might still pass at run time
    await expect(storage.get('public', 'doc.pdf')).rejects.toThrow(StorageKeyError);
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

  it('writes through a temporary file and leaves none behind', async () => {
    const storage = createLocalDiskStorage(root);
    await storage.put('documents', 'u/id.png', Buffer.from('old'), { contentType: 'image/png' });
    await storage.put('documents', 'u/id.png', Readable.from([Buffer.from('new '), Buffer.from('content')]), {
      contentType: 'image/png',
    });
    await expect(
      storage.put(
        'documents',
        'u/id.png',
        Readable.from([Buffer.from('x')]).map(() => {
          throw new Error('broken');
        }),
        { contentType: 'image/png' },
      ),
    ).rejects.toThrow('broken');
    expect(await readdir(join(root, 'documents', 'u'))).toEqual(['id.png']);
  });
});

describe('S3 storage: checkReachable (readiness)', () => {
  it('answers true while the bucket answers, false for a bucket that does not exist and once the service is gone', async () => {
    const server = await startS3Server();
    let isRunning = true;
    try {
      expect(await createS3Storage(server.options).checkReachable(2_000)).toBe(true);
      expect(await createS3Storage({ ...server.options, bucket: 'no-such-bucket' }).checkReachable(2_000)).toBe(false);
      await server.close();
      isRunning = false;
      expect(await createS3Storage(server.options).checkReachable(2_000)).toBe(false);
    } finally {
      if (isRunning) await server.close();
    }
  });

  it('gives up after its timeout when the service accepts connections but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'tradeops',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      });
      const started = Date.now();
      expect(await storage.checkReachable(300)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
