/** dd writing N bytes from /dev/zero, the memory demos' way to fill a file or the /dev/shm tmpfs. */
import { Halt, type Proc, DEFAULT_SHM_BYTES } from '../proc';

/** dd's size operands (coreutils `parse_integer`, busybox `xatoul_sfx`): c, w, b, kB/K, MB/M, GB/G. */
function ddSize(text: string): number | undefined {
  const m = /^([0-9]+)(c|w|b|kB|[kK]|MB|M|GB|G)?$/.exec(text);
  if (!m) return undefined;
  const unit: Record<string, number> = {
    c: 1,
    w: 2,
    b: 512,
    kB: 1000,
    k: 1024,
    K: 1024,
    MB: 1e6,
    M: 1024 ** 2,
    GB: 1e9,
    G: 1024 ** 3,
  };
  return Number(m[1]) * (m[2] ? unit[m[2]]! : 1);
}

/**
 * dd from /dev/zero (or /dev/urandom) into a file. Writing into /dev/shm fills a tmpfs whose pages the memory
 * cgroup charges to the container, up to the 64 MiB containerd gives /dev/shm (`No space left on device` past it).
 * The summary is GNU's (`… bytes (105 MB, 100 MiB) copied, 0.05 s, 2.1 GB/s`) or busybox's.
 */
export function dd(argv: string[], p: Proc): number {
  const ops = new Map<string, string>();
  for (const a of argv.slice(1)) {
    const eq = a.indexOf('=');
    if (eq < 0) {
      p.log(p.img.coreutils === 'gnu' ? `dd: unrecognized operand '${a}'` : `dd: invalid argument '${a}'`, 'stderr');
      return 1;
    }
    ops.set(a.slice(0, eq), a.slice(eq + 1));
  }
  const bs = ddSize(ops.get('bs') ?? '512');
  const count = ops.has('count') ? ddSize(ops.get('count')!) : undefined;
  if (bs === undefined || bs === 0 || (ops.has('count') && count === undefined)) {
    const bad = bs === undefined || bs === 0 ? ops.get('bs') : ops.get('count');
    p.log(p.img.coreutils === 'gnu' ? `dd: invalid number: '${bad}'` : `dd: invalid number '${bad}'`, 'stderr');
    return 1;
  }
  const input = ops.get('if');
  if (input !== undefined && !['/dev/zero', '/dev/urandom', '/dev/random'].includes(input) && !p.exists(input)) {
    p.log(`dd: failed to open '${input}': No such file or directory`, 'stderr');
    return 1;
  }
  // Without count, reading /dev/zero never ends: a disk or tmpfs fills up first, so stop at the tmpfs size.
  const wanted = count !== undefined ? count * bs : input === undefined ? 0 : Number.POSITIVE_INFINITY;
  const out = ops.get('of');
  let written = wanted;
  let full = false;
  if (out !== undefined) {
    const path = p.abs(out);
    if (!p.parentExists(path)) {
      p.log(`dd: failed to open '${out}': No such file or directory`, 'stderr');
      return 1;
    }
    if (path.startsWith('/dev/shm/')) {
      const room = Math.max(0, DEFAULT_SHM_BYTES - (p.out.shm ?? 0));
      if (wanted > room) {
        written = Math.floor(room / bs) * bs;
        full = true;
      }
      p.chargeShm(written);
    } else if (!Number.isFinite(wanted)) {
      written = 0;
      full = true;
    }
    if (path !== '/dev/null') p.writeFile(path, '');
  } else if (!Number.isFinite(wanted)) throw new Halt('forever');
  const rate = input === '/dev/urandom' || input === '/dev/random' ? 250e6 : 2e9;
  const seconds = written / rate;
  p.advance(Math.round(seconds * 1000));
  const records = Math.floor(written / bs);
  if (full) p.log(`dd: error writing '${out}': No space left on device`, 'stderr');
  p.log(`${records + (full ? 1 : 0)}+0 records in`, 'stderr');
  p.log(`${records}+0 records out`, 'stderr');
  const secs = Math.max(seconds, 0.000_5);
  const human = (v: number, unit: string) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ${unit}`;
  if (p.img.coreutils === 'gnu') {
    const size = written < 1000 ? '' : ` (${human(written / 1e6, 'MB')}, ${human(written / 1024 ** 2, 'MiB')})`;
    p.log(`${written} bytes${size} copied, ${secs.toPrecision(6)} s, ${human(written / secs / 1e9, 'GB/s')}`, 'stderr');
  } else
    p.log(
      `${written} bytes (${(written / 1024 ** 2).toFixed(1)}MB) copied, ${secs.toFixed(6)} seconds, ${(written / secs / 1024 ** 3).toFixed(1)}GB/s`,
      'stderr',
    );
  return full ? 1 : 0;
}
