/** Coreutils that read text from files or stdin: `cat`, `head`, `tail`, `grep`, `wc`, `tee`, `seq`. */
import { Halt, fileLines, type Proc } from '../proc';
import { utf8Length } from '../../util/utf8';
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

/**
 * `wc [-lwc] [FILE…]`: lines, words and bytes of each file or of stdin (a line is what ends in a newline; the line
 * model gives every line one). One count prints bare; several are padded as GNU (to the widest count, 7 for a pipe)
 * or busybox (`%9u` each, wc.c) pad them; several files add a `total` line.
 */
export function wc(a: string[], p: Proc): number {
  const { flags, operands } = opts(a);
  const chosen = (['l', 'w', 'c'] as const).filter((f) => flags.has(f) || (f === 'c' && flags.has('m')));
  const kinds = chosen.length ? chosen : (['l', 'w', 'c'] as const);
  const countOf = (lines: string[]) => ({
    l: lines.length,
    w: lines.join(' ').split(/\s+/).filter(Boolean).length,
    c: lines.reduce((n, l) => n + utf8Length(l) + 1, 0),
  });
  const rows: Array<{ counts: Record<'l' | 'w' | 'c', number>; name?: string }> = [];
  let status = 0;
  if (operands.length === 0) rows.push({ counts: countOf(p.stdinData ?? []) });
  for (const f of operands) {
    if (!p.isFile(f)) {
      p.log(
        gnu(p) ? `wc: ${f}: No such file or directory` : `wc: can't open '${f}': No such file or directory`,
        'stderr',
      );
      status = 1;
      continue;
    }
    rows.push({ counts: countOf(fileLines(p.read(f))), name: f });
  }
  if (rows.length > 1) {
    const total = { l: 0, w: 0, c: 0 };
    for (const r of rows) for (const k of kinds) total[k] += r.counts[k];
    rows.push({ counts: total, name: 'total' });
  }
  const widest = Math.max(...rows.flatMap((r) => kinds.map((k) => String(r.counts[k]).length)));
  const width = kinds.length === 1 ? 0 : !gnu(p) ? 9 : operands.length ? widest : Math.max(widest, 7);
  for (const r of rows) {
    const cells = kinds.map((k) => String(r.counts[k]).padStart(width));
    p.emit(1, [...cells, ...(r.name ? [r.name] : [])].join(' '));
  }
  return status;
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
