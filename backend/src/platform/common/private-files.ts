import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Files holding keys, sessions, events, secrets or backups are their owner's only: 0600 in 0700
 * folders, whatever the process's umask (chmod after creation, since the umask masks `mode`).
 */

/**
 * A new file only its owner can read (0600), whatever the umask; false when it exists already. Written
 * to a temporary name and linked into place, so a process starting at the same moment reads either
 * nothing or the whole content, never a half-written file (parallel test workers, scale-out).
 */
export function createPrivateFile(file: string, content: string): boolean {
  if (existsSync(file)) return false;
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** a folder only its owner can enter (0700), whatever the umask */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * A SQLite database file made 0600 before SQLite opens it: SQLite gives its -wal and -shm files the
 * main file's permissions, so they follow. An empty file is a valid empty database.
 */
export function privateDatabaseFile(file: string): void {
  if (file === '' || file === ':memory:' || file.startsWith('file:')) return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  for (const side of ['-wal', '-shm']) if (existsSync(file + side)) chmodSync(file + side, 0o600);
}
