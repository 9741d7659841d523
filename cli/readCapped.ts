/**
 * Reads a file or standard input without ever holding more than the input budget (`simulate -` on
 * random bytes grew to 2 GB, and `/dev/zero` never ended). A regular file larger than the budget is refused from
 * its size; anything else (a pipe, a device) is read until one byte past the budget, then refused.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { INPUT_BUDGET } from '../src/engine/manifest/inputBudget';

/** The input passed the byte budget; `bytes` is its size when known (a regular file). */
export class InputTooLarge extends Error {
  constructor(readonly bytes?: number) {
    super('input too large');
  }
}

export function readFileCapped(path: string, maxBytes = INPUT_BUDGET.bytes): string {
  const fd = openSync(path, 'r');
  try {
    return readFdCapped(fd, maxBytes);
  } finally {
    closeSync(fd);
  }
}

export function readFdCapped(fd: number, maxBytes = INPUT_BUDGET.bytes): string {
  const stat = fstatSync(fd);
  if (stat.isFile() && stat.size > maxBytes) throw new InputTooLarge(stat.size);
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, Math.min(chunk.length, maxBytes + 1 - total), null);
    } catch (e) {
      // A non-blocking stdin (some terminals and pipes) has nothing yet: wait a little and read again.
      if ((e as { code?: string }).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (n === 0) break;
    chunks.push(Buffer.from(chunk.subarray(0, n)));
    total += n;
    if (total > maxBytes) throw new InputTooLarge(stat.isFile() ? stat.size : undefined);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
