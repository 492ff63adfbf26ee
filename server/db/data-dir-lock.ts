import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError, causeOf } from './startup-error';

/**
 * Embedded PGlite is one process's database: two processes on one DATA_DIR each keep their own
 * copy in memory and the last to close overwrites the other's writes. So the first process
 * holds `portal.lock` (its pid and host) for as long as the database is open, and a second
 * one is refused. A lock whose process is gone (kill -9, power loss) is stale and taken over.
 */
export const LOCK_FILE = 'portal.lock';

/** Locks this process holds, so a lock file with our own pid that we did not write is stale. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unusable(dataDir: string, error: unknown): StartupError {
  return new StartupError(`DATA_DIR ${dataDir} is not writable (${causeOf(error)})`);
}

/** Creates dataDir if needed and takes its lock; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw unusable(dataDir, error);
  }
  const file = path.join(dataDir, LOCK_FILE);
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        process.off('exit', release);
        fs.rmSync(file, { force: true });
      };
      // An exit without a clean close (an uncaught error) still leaves no lock behind.
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unusable(dataDir, error);
    }
    let owner: { pid?: number; host?: string } = {};
    try {
      owner = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof owner;
    } catch {
      // Half-written or garbled: nobody can be proven to hold it.
    }
    const ours = owner.pid === process.pid && owner.host === os.hostname();
    const inUse =
      typeof owner.pid === 'number' &&
      // Another host sharing the directory: its process cannot be checked from here.
      (owner.host !== os.hostname() || (ours ? held.has(file) : alive(owner.pid)));
    if (inUse) {
      throw new StartupError(
        `DATA_DIR ${dataDir} is in use by process ${owner.pid} on ${owner.host}: embedded PGlite serves one process; use PostgreSQL (DATABASE_URL) to run several (if that process is gone, delete ${file})`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new StartupError(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}`);
}
