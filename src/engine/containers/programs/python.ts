/**
 * python / python3: the REPL (EOF on a closed stdin), `-m http.server`, and `-c` programs — what they print, the
 * servers they start and the memory they hold.
 */
import { Halt, type Proc, type ProgramHandler } from '../proc';
import { version, flagValue, serve } from './serve';

export const python: ProgramHandler = (argv, p) => {
  const args = argv.slice(1);
  const unbuffered = args.includes('-u') || !!p.env.get('PYTHONUNBUFFERED');
  const rest = args.filter((a) => a !== '-u');
  if (rest[0] === '--version' || rest[0] === '-V') {
    p.log(`Python ${version(p, '3.12.8')}`);
    return 0;
  }
  if (rest.length === 0 || rest[0] === '-i') {
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0; // REPL without a TTY reads EOF from stdin and exits
  }
  if (rest[0] === '-m') {
    const mod = rest[1];
    if (mod === 'http.server') {
      const port = Number(rest.slice(2).find((a) => /^[0-9]+$/.test(a)) ?? 8000);
      const dir = flagValue(rest, ['-d', '--directory']);
      // print() to a pipe is block-buffered: the banner only appears with -u / PYTHONUNBUFFERED.
      if (unbuffered) p.log(`Serving HTTP on 0.0.0.0 port ${port} (http://0.0.0.0:${port}/) ...`);
      serve(p, 'python', 80, [{ port, docRoot: dir ? p.abs(dir) : p.cwd, dirIndex: 'listing', httpPaths: {} }]);
    }
    if (mod === 'pip') {
      p.advance(1500);
      return 0;
    }
    p.log(`/usr/local/bin/python3: No module named ${mod ?? ''}`, 'stderr');
    return 1;
  }
  if (rest[0] === '-c') {
    const code = rest[1] ?? '';
    if (/http\.server|HTTPServer/.test(code))
      serve(p, 'python', 80, [{ port: Number(/([0-9]{2,5})/.exec(code)?.[1] ?? 8000), httpPaths: { '*': 200 } }]);
    pythonMemory(code, p);
    if (/while\s+True/.test(code) || /serve_forever|run\(/.test(code)) throw new Halt('forever');
    let total = 0;
    for (const m of code.matchAll(/sleep\(\s*([0-9.]+)\s*\)/g)) total += Number(m[1]);
    if (total > 0) p.advance(Math.round(total * 1000));
    const exit = /(?:sys\.)?exit\(\s*([0-9]+)\s*\)/.exec(code);
    for (const m of code.matchAll(/print\(\s*["']([^"']*)["']\s*\)/g)) if (unbuffered || !exit) p.log(m[1]!);
    return exit ? Number(exit[1]) % 256 : 0;
  }
  const script = rest.find((a) => !a.startsWith('-'));
  if (script && !p.exists(script)) {
    p.log(
      `${argv[0]?.includes('/') ? argv[0] : `/usr/local/bin/${argv[0] ?? 'python3'}`}: can't open file '${p.abs(script)}': [Errno 2] No such file or directory`,
      'stderr',
    );
    return 2;
  }
  throw new Halt('forever'); // a script whose content we do not know: assume a long-running app
};

/** `512 * 1024 * 1024`, `10**9`, `2 ** 30 + 1`: the integer arithmetic memory examples use (else undefined). */
function intExpr(text: string): number | undefined {
  const src = text.replace(/_/g, '');
  if (!/^[0-9\s*+()]+$/.test(src)) return undefined;
  const tokens = src.match(/\*\*|[0-9]+|[*+()]/g) ?? [];
  let i = 0;
  const atom = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      i++;
      return v;
    }
    return Number(t);
  };
  const power = (): number => {
    const base = atom();
    if (tokens[i] === '**') {
      i++;
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let v = power();
    while (tokens[i] === '*') {
      i++;
      v *= power();
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (tokens[i] === '+') {
      i++;
      v += product();
    }
    return v;
  };
  const v = sum();
  return i === tokens.length && Number.isFinite(v) ? v : undefined;
}

/**
 * Memory a `python -c` program takes, from the idioms memory demos use: `bytearray(N)` / `b' ' * N` /
 * `' ' * N` hold N bytes (a list `[0] * N` 8 bytes per item); inside `while True` an `.append(...)`, `+=` or
 * `extend` keeps growing, by the chunk each pass (about 1 GB/s, or one chunk per `time.sleep(s)`).
 */
function pythonMemory(code: string, p: Proc): void {
  const chunks: number[] = [];
  for (const m of code.matchAll(/bytearray\(\s*([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    const n = intExpr(m[1]!);
    if (n !== undefined) chunks.push(n);
  }
  for (const m of code.matchAll(/(?:b?(['"])[^'"]?\1|\[\s*0\s*\])\s*\*\s*\(?([0-9_*+\s]+)\)?/g)) {
    const n = intExpr(m[2]!);
    if (n !== undefined) chunks.push(m[0].startsWith('[') ? n * 8 : n);
  }
  const loop = /while\s+True/.test(code);
  const grows = loop && /\.append\(|\.extend\(|\+=/.test(code);
  if (chunks.length === 0) {
    if (grows) {
      p.advance(20);
      p.allocate(0, 1e9 / 4); // small appends in a tight loop: a few hundred MB per second
    }
    return;
  }
  p.advance(20); // interpreter start-up
  if (!grows) {
    p.allocate(chunks.reduce((a, b) => a + b, 0));
    return;
  }
  const chunk = Math.max(...chunks);
  const sleep = Number(/sleep\(\s*([0-9.]+)\s*\)/.exec(code)?.[1] ?? 0);
  p.allocate(chunk, sleep > 0 ? chunk / sleep : 1e9);
}
