import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** Another live process holds the data directory: starting too would silently lose writes. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const LOCK_FILE = 'pglite.lock';
/** Lock files this process holds, so a second app in the same process is refused too. */
const heldLocks = new Set<string>();

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A recycled pid (a container restarted) may now be an unrelated program: only a node process counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

async function readHolder(path: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(path, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR/pglite.lock (holding our pid) for the embedded database, which
 * only one process may open. A lock left by a dead process is taken over.
 * Returns the function that releases it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  if (heldLocks.has(path)) {
    throw new DataDirLockedError(`The data directory ${dataDir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const file = await open(path, 'wx', 0o600);
      await file.writeFile(String(process.pid));
      await file.close();
      heldLocks.add(path);
      return async () => {
        heldLocks.delete(path);
        // Remove it only while it is still ours.
        if ((await readHolder(path)) === process.pid) await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(path);
    if (holder !== null && holder !== process.pid && isProcessAlive(holder)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another TradeOps server (pid ${holder}); stop it or set a different DATA_DIR.`,
      );
    }
    // Stale: its process is gone. Remove and retry the exclusive create (a racing start loses cleanly).
    await unlink(path).catch(() => undefined);
  }
  throw new DataDirLockedError(`Could not take the lock ${path}; another process keeps re-creating it.`);
}
