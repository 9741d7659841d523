/** Coreutils that read text from files or stdin: `cat`, `head`, `tail`, `grep`, `wc`, `tee`, `seq`. */
import { Halt, type Proc } from '../proc';
import { opts, gnu } from './opts';

export function cat(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  if (operands.length === 0 || (operands.length === 1 && operands[0] === '-')) {
    if (p.stdinData) {
      for (const l of p.stdinData) p.emit(1, l);
      return 0;
    }
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0;
  }
  let status = 0;
  for (const f of operands) {
    if (p.isDir(f)) {
      p.log(gnu(p) ? `cat: ${f}: Is a directory` : 'cat: read error: Is a directory', 'stderr');
      status = 1;
    } else if (!p.isFile(f)) {
      p.log(
        gnu(p) ? `cat: ${f}: No such file or directory` : `cat: can't open '${f}': No such file or directory`,
        'stderr',
      );
      status = 1;
    } else {
      const text = p.read(f).replace(/\n$/, '');
      if (text !== '') p.emit(1, text);
    }
  }
  return status;
}

export function tail(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const follow = flags.has('f') || flags.has('F') || flags.has('--follow');
  const files = operands.filter((o) => !/^[+-]?[0-9]+$/.test(o));
  for (const f of files) {
    if (f !== '/dev/null' && !p.exists(f) && !flags.has('F')) {
      p.log(
        gnu(p)
          ? `tail: cannot open '${f}' for reading: No such file or directory`
          : `tail: can't open '${f}': No such file or directory`,
        'stderr',
      );
      if (files.length === 1) {
        if (gnu(p) && follow) p.log('tail: no files remaining', 'stderr');
        return 1;
      }
    }
  }
  if (!follow) {
    for (const f of files) {
      const lines = p.read(f).replace(/\n$/, '').split('\n').slice(-10);
      if (lines.join('') !== '') p.emit(1, lines.join('\n'));
    }
    if (files.length === 0 && p.stdinData) for (const l of p.stdinData.slice(-10)) p.emit(1, l);
    return 0;
  }
  throw new Halt('forever');
}

export function head(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  const n = Number((argv.find((a) => /^-n?[0-9]+$/.test(a)) ?? '-10').replace(/^-n?/, '')) || 10;
  const files = operands.filter((o) => !/^[0-9]+$/.test(o));
  if (files.length === 0 && p.stdinData) {
    for (const l of p.stdinData.slice(0, n)) p.emit(1, l);
    return 0;
  }
  for (const f of files) {
    if (!p.isFile(f)) {
      p.log(
        gnu(p)
          ? `head: cannot open '${f}' for reading: No such file or directory`
          : `head: can't open '${f}': No such file or directory`,
        'stderr',
      );
      return 1;
    }
    const text = p.read(f).split('\n').slice(0, n).join('\n').replace(/\n$/, '');
    if (text) p.emit(1, text);
  }
  return 0;
}

export function grep(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const [pattern, ...files] = operands;
  if (pattern === undefined) return 2;
  const lines = files.length ? files.flatMap((f) => (p.isFile(f) ? p.read(f).split('\n') : [])) : (p.stdinData ?? []);
  const ci = flags.has('i');
  let re: RegExp | null = null;
  try {
    re = flags.has('F') ? null : new RegExp(pattern.slice(0, 200), ci ? 'i' : '');
  } catch {
    re = null;
  }
  const hit = (l: string) =>
    re ? re.test(l) : ci ? l.toLowerCase().includes(pattern.toLowerCase()) : l.includes(pattern);
  const matched = lines.filter((l) => (flags.has('v') ? !hit(l) : hit(l)));
  if (!flags.has('q')) {
    if (flags.has('c')) p.emit(1, String(matched.length));
    else for (const l of matched) p.emit(1, l);
  }
  return matched.length ? 0 : 1;
}

export function wc(a: string[], p: Proc): number {
  const lines = p.stdinData ?? [];
  p.emit(
    1,
    a.includes('-l')
      ? String(lines.length)
      : `${lines.length} ${lines.join(' ').split(/\s+/).filter(Boolean).length} ${lines.join('\n').length + 1}`,
  );
  return 0;
}

export function tee(a: string[], p: Proc): number {
  const { flags, operands } = opts(a);
  const text = (p.stdinData ?? []).join('\n');
  for (const f of operands) {
    if (flags.has('a')) p.appendFile(f, `${text}\n`);
    else p.writeFile(f, `${text}\n`);
  }
  for (const l of p.stdinData ?? []) p.emit(1, l);
  return 0;
}

export function seq(a: string[], p: Proc): number {
  const nums = a.slice(1).map(Number);
  const [from, to] = nums.length >= 2 ? [nums[0]!, nums[nums.length - 1]!] : [1, nums[0] ?? 0];
  const out: string[] = [];
  for (let i = from; i <= to && out.length < 1000; i++) out.push(String(i));
  if (out.length) p.emit(1, out.join('\n'));
  return 0;
}
