/** Coreutils that change or list the filesystem: `touch`, `rm`, `mkdir`, `ls`, `cp`, `mv`, `mktemp`. */
import type { Proc } from '../proc';
import { opts, gnu } from './opts';
import { basename } from '../paths';

export function touch(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  let status = 0;
  for (const f of operands) {
    if (p.exists(f)) {
      if (p.isFile(f)) p.touch(f);
      continue;
    }
    if (!p.parentExists(f)) {
      p.log(
        gnu(p) ? `touch: cannot touch '${f}': No such file or directory` : `touch: ${f}: No such file or directory`,
        'stderr',
      );
      status = 1;
      continue;
    }
    p.touch(f);
  }
  return status;
}

export function rm(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const force = flags.has('f') || flags.has('--force');
  const recursive = flags.has('r') || flags.has('R') || flags.has('--recursive');
  let status = 0;
  for (const f of operands) {
    if (!p.exists(f)) {
      if (!force) {
        p.log(
          gnu(p)
            ? `rm: cannot remove '${f}': No such file or directory`
            : `rm: can't remove '${f}': No such file or directory`,
          'stderr',
        );
        status = 1;
      }
      continue;
    }
    if (p.isDir(f) && !recursive) {
      p.log(gnu(p) ? `rm: cannot remove '${f}': Is a directory` : `rm: '${f}' is a directory`, 'stderr');
      status = 1;
      continue;
    }
    p.remove(f);
  }
  return status;
}

export function mkdir(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const parents = flags.has('p') || flags.has('--parents');
  let status = 0;
  for (const d of operands) {
    const abs = p.abs(d);
    if (p.exists(abs)) {
      if (!parents || !p.isDir(abs)) {
        p.log(
          gnu(p)
            ? `mkdir: cannot create directory '${d}': File exists`
            : `mkdir: can't create directory '${d}': File exists`,
          'stderr',
        );
        status = 1;
      }
      continue;
    }
    if (parents) {
      const segs = abs.split('/').filter(Boolean);
      for (let i = 1; i <= segs.length; i++) p.mkdir(`/${segs.slice(0, i).join('/')}`);
    } else if (!p.parentExists(abs)) {
      p.log(
        gnu(p)
          ? `mkdir: cannot create directory '${d}': No such file or directory`
          : `mkdir: can't create directory '${d}': No such file or directory`,
        'stderr',
      );
      status = 1;
    } else p.mkdir(abs);
  }
  return status;
}

export function ls(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  const targets = operands.length ? operands : [p.cwd];
  let status = 0;
  for (const t of targets) {
    if (!p.exists(t)) {
      p.log(
        gnu(p) ? `ls: cannot access '${t}': No such file or directory` : `ls: ${t}: No such file or directory`,
        'stderr',
      );
      status = gnu(p) ? 2 : 1;
      continue;
    }
    if (p.isFile(t)) {
      p.emit(1, t);
      continue;
    }
    const dir = p.abs(t).replace(/\/$/, '');
    const names = new Set<string>();
    for (const key of p.fs.keys()) {
      if (!key.startsWith(`${dir}/`) || key === `${dir}/`) continue;
      const rest = key.slice(dir.length + 1);
      const name = rest.split('/')[0]!;
      if (name) names.add(name);
    }
    const sorted = [...names].sort();
    if (sorted.length) p.emit(1, sorted.join('\n'));
  }
  return status;
}

export function cp(a: string[], p: Proc): number {
  const { operands } = opts(a);
  const [src, dst] = operands;
  if (!src || !dst) return 1;
  if (!p.exists(src)) {
    p.log(
      gnu(p)
        ? `cp: cannot stat '${src}': No such file or directory`
        : `cp: can't stat '${src}': No such file or directory`,
      'stderr',
    );
    return 1;
  }
  p.writeFile(p.isDir(dst) ? `${dst}/${basename(src)}` : dst, p.read(src));
  return 0;
}

export function mv(a: string[], p: Proc): number {
  const { operands } = opts(a);
  const [src, dst] = operands;
  if (!src || !dst) return 1;
  if (!p.exists(src)) {
    p.log(
      gnu(p)
        ? `mv: cannot stat '${src}': No such file or directory`
        : `mv: can't rename '${src}': No such file or directory`,
      'stderr',
    );
    return 1;
  }
  const content = p.read(src);
  p.remove(src);
  p.writeFile(p.isDir(dst) ? `${dst}/${basename(src)}` : dst, content);
  return 0;
}

export function mktemp(a: string[], p: Proc): number {
  const dir = a.includes('-d');
  const path = `/tmp/tmp.${(p.out.steps % 1_000_000).toString(36).padStart(6, 'a').slice(-6)}`;
  if (dir) p.mkdir(path);
  else p.touch(path);
  p.emit(1, path);
  return 0;
}
