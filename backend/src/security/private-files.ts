import { chmodSync, closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';

/**
 * Files holding keys, sessions, events, secrets or backups are their owner's only: 0600 in 0700
 * folders, whatever the process's umask (chmod after creation, since the umask masks `mode`).
 */

/** a new file only its owner can read (0600), whatever the umask; false when it exists already */
export function createPrivateFile(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600);
  return true;
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
