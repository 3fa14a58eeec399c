import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './pglite-lock';

describe('acquireDataDirLock', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tradeops-lock-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes our pid and removes the file on release', async () => {
    const release = await acquireDataDirLock(dataDir);
    expect(await readFile(join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(join(dataDir, 'pglite.lock'), 'utf8')).rejects.toThrow();
  });

  it('refuses a second holder in the same process', async () => {
    const release = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });

  it('refuses while another live process holds it, naming its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await writeFile(join(dataDir, 'pglite.lock'), String(other.pid));
      await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(join(dataDir, 'pglite.lock'), String(gone.pid));
    const release = await acquireDataDirLock(dataDir);
    expect(await readFile(join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
