/**
 * What the programs share: reading their flags and version, timestamps in each project's log format, and
 * serving — listening from a start-up delay on, then running until stopped — with how a listener answers a GET.
 */
import { Halt, MONTHS, VIRTUAL_EPOCH_MS, WEEKDAYS, pad, type Listener, type Proc } from '../proc';

export function flagValue(argv: string[], names: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    for (const n of names) {
      if (a === n) return argv[i + 1];
      if (a.startsWith(`${n}=`)) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

export function portOf(spec: string | undefined, fallback: number): number {
  if (!spec) return fallback;
  const m = /:?([0-9]{1,5})$/.exec(spec);
  const n = m ? Number(m[1]) : NaN;
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

export function version(p: Proc, fallback: string): string {
  const m = /^v?([0-9]+\.[0-9]+\.[0-9]+)/.exec(p.img.tag ?? '');
  return m ? m[1]! : fallback;
}

/** Start listening after `delayMs` (the process is running meanwhile), then block forever. */
export function serve(
  p: Proc,
  process: string,
  delayMs: number,
  listeners: Array<Omit<Listener, 'protocol' | 'fromMs' | 'process'>>,
  readyLogs: string[] = [],
): never {
  p.advance(delayMs);
  for (const l of listeners) p.listen({ ...l, process, fromMs: p.t });
  for (const line of readyLogs) p.log(line, 'stderr');
  throw new Halt('forever');
}

export const ts = {
  /** Go's log package: 2025/06/02 10:00:01 */
  go(p: Proc): string {
    const c = p.now();
    return `${c.year}/${pad(c.month)}/${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  },
  iso(p: Proc, sep = ' '): string {
    const c = p.now();
    return `${c.year}-${pad(c.month)}-${pad(c.day)}${sep}${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  },
  ms(p: Proc): string {
    return pad(p.now().ms, 3);
  },
  redis(p: Proc): string {
    const c = p.now();
    return `${pad(c.day)} ${MONTHS[c.month - 1]} ${c.year} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}.${pad(c.ms, 3)}`;
  },
  apache(p: Proc): string {
    const c = p.now();
    return `${WEEKDAYS[c.weekday]} ${MONTHS[c.month - 1]} ${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}.${pad(c.ms, 3)}000 ${c.year}`;
  },
  epoch(p: Proc): string {
    return ((VIRTUAL_EPOCH_MS + p.opts.startedAtMs + p.t) / 1000).toFixed(3);
  },
};

export function listeningAt(p: Proc, port: number): boolean {
  return p.out.listens.some((l) => l.port === port && l.fromMs <= p.t);
}

/**
 * The process of an image Podyssey does not know (images/resolveImage.ts assumes it): a server that runs until stopped,
 * listening on the container's declared ports from shortly after start, answering any path with 200.
 */
export function assumedServer(argv: string[], p: Proc): number {
  if (p.out.record) p.out.assumed = true;
  return serve(
    p,
    (argv[0] ?? 'app').split('/').pop() || 'app',
    500,
    p.img.exposedPorts.map((port) => ({ port, httpPaths: { '*': 200 } })),
  );
}

export function statusFor(l: Listener, path: string, p: Proc): number {
  const change = [...(l.httpChanges ?? [])].reverse().find((c) => c.path === path && c.atMs <= p.t);
  if (change) return change.status;
  if (l.httpPaths && path in l.httpPaths) return l.httpPaths[path]!;
  if (l.statusFromPath) {
    const m = /^\/status\/([0-9]{3})$/.exec(path);
    if (m) return Number(m[1]);
  }
  if (l.docRoot) {
    const full = `${l.docRoot.replace(/\/$/, '')}${path}`;
    if (p.isFile(full)) return 200;
    if (p.isDir(full))
      return p.isFile(`${full.replace(/\/$/, '')}/index.html`)
        ? 200
        : l.dirIndex === 'listing'
          ? 200
          : l.dirIndex === 'forbidden'
            ? 403
            : 404;
  }
  return l.httpPaths?.['*'] ?? 404;
}
