/** Coreutils that describe the system: `date`, `id`, `uname`, `printenv`, `ps`. */
import { type Proc, MONTHS, WEEKDAYS, pad } from '../proc';
import { gnu } from './opts';

export function dateCmd(_argv: string[], p: Proc): number {
  const c = p.now();
  p.emit(
    1,
    `${WEEKDAYS[c.weekday]} ${MONTHS[c.month - 1]} ${String(c.day).padStart(gnu(p) ? 2 : 2, ' ')} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)} UTC ${c.year}`,
  );
  return 0;
}

export function printenv(a: string[], p: Proc): number {
  if (a[1]) {
    const v = p.env.get(a[1]);
    if (v === undefined) return 1;
    p.emit(1, v);
    return 0;
  }
  for (const [k, v] of [...p.env.entries()].sort()) p.emit(1, `${k}=${v}`);
  return 0;
}

export function id(_a: string[], p: Proc): number {
  p.emit(1, gnu(p) ? 'uid=0(root) gid=0(root) groups=0(root)' : 'uid=0(root) gid=0(root) groups=0(root),10(wheel)');
  return 0;
}

export function uname(a: string[], p: Proc): number {
  p.emit(
    1,
    a.includes('-a')
      ? `Linux ${p.opts.hostname} 6.8.0-51-generic #52-Ubuntu SMP PREEMPT_DYNAMIC x86_64 ${gnu(p) ? 'GNU/Linux' : 'Linux'}`
      : 'Linux',
  );
  return 0;
}

export function ps(a: string[], p: Proc): number {
  p.emit(1, gnu(p) ? '    PID TTY          TIME CMD' : 'PID   USER     TIME  COMMAND');
  // Inside a `kubectl exec` the container's processes are known: its PID 1 and the exec'd command (and ps itself
  // when a shell ran it). procps prints the command name, busybox the whole command line.
  const procs = [...(p.session?.processes ?? [])];
  if (procs.length && procs[procs.length - 1]!.argv[0]?.split('/').pop() !== 'ps')
    procs.push({ pid: procs[procs.length - 1]!.pid + 1, argv: ['ps', ...a.slice(1)] });
  for (const { pid, argv } of procs)
    p.emit(
      1,
      gnu(p)
        ? `${String(pid).padStart(7)} ?        00:00:00 ${(argv[0] ?? '').split('/').pop()!.slice(0, 15)}`
        : `${String(pid).padStart(5)} root      0:00 ${argv.join(' ')}`,
    );
  return 0;
}
