/** stress 1.0.4, the memory hog of Kubernetes' resource-limit tutorials (polinux/stress). */
import { Halt, type ProgramHandler } from '../proc';

/** stress.c `atoll_b`: a number with an optional B/K/M/G suffix (powers of 1024). */
function stressBytes(text: string): number | string {
  const suffix = text.slice(-1);
  const shift = /[bB]/.test(suffix)
    ? 0
    : /[kK]/.test(suffix)
      ? 10
      : /[mM]/.test(suffix)
        ? 20
        : /[gG]/.test(suffix)
          ? 30
          : -1;
  if (shift < 0 && !/[0-9]/.test(suffix)) return `unrecognized suffix: ${suffix}`;
  const n = Number.parseInt(shift < 0 ? text : text.slice(0, -1), 10);
  if (!Number.isFinite(n)) return `invalid number: ${text}`;
  return n * 2 ** Math.max(shift, 0);
}

/** stress.c `atoll_s`: seconds with an optional s/m/h/d/y suffix. */
function stressSeconds(text: string): number | string {
  const factors: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, y: 31_536_000 };
  const suffix = text.slice(-1).toLowerCase();
  const factor = factors[suffix] ?? (/[0-9]/.test(suffix) ? 1 : undefined);
  if (factor === undefined) return `unrecognized suffix: ${text.slice(-1)}`;
  const n = Number.parseInt(factors[suffix] ? text.slice(0, -1) : text, 10);
  if (!Number.isFinite(n)) return `invalid number: ${text}`;
  return n * factor;
}

const STRESS_USAGE = [
  "`stress' imposes certain types of compute stress on your system",
  '',
  'Usage: stress [OPTION [ARG]] ...',
  ' -?, --help         show this help statement',
  '     --version      show version statement',
  ' -v, --verbose      be verbose',
  ' -q, --quiet        be quiet',
  ' -n, --dry-run      show what would have been done',
  ' -t, --timeout N    timeout after N seconds',
  '     --backoff N    wait factor of N microseconds before work starts',
  ' -c, --cpu N        spawn N workers spinning on sqrt()',
  ' -i, --io N         spawn N workers spinning on sync()',
  ' -m, --vm N         spawn N workers spinning on malloc()/free()',
  '     --vm-bytes B   malloc B bytes per vm worker (default is 256MB)',
  '     --vm-stride B  touch a byte every B bytes (default is 4096)',
  '     --vm-hang N    sleep N secs before free (default none, 0 is inf)',
  '     --vm-keep      redirty memory instead of freeing and reallocating',
  ' -d, --hdd N        spawn N workers spinning on write()/unlink()',
  '     --hdd-bytes B  write B bytes per hdd worker (default is 1GB)',
  '',
  'Example: stress --cpu 8 --io 4 --vm 2 --vm-bytes 128M --timeout 10s',
  '',
  'Note: Numbers may be suffixed with s,m,h,d,y (time) or B,K,M,G (size).',
];

/**
 * stress 1.0.4 (people.seas.harvard.edu/~apw/stress, stress.c). Each --vm worker mallocs --vm-bytes and touches
 * every page, so the container's memory reaches workers × bytes within moments of the start and stays there
 * (with or without --vm-hang: a worker frees only to allocate the same again).
 */
export const stress: ProgramHandler = (argv, p) => {
  const info = (text: string) => p.log(`stress: info: [1] ${text}`);
  const fail = (text: string) => {
    p.log(`stress: FAIL: [1] ${text}`, 'stderr');
    return 1;
  };
  let cpu = 0;
  let io = 0;
  let vm = 0;
  let hdd = 0;
  let vmBytes = 256 * 1024 * 1024;
  let timeout = 0;
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string | undefined => args[++i];
    if (a === '--help' || a === '-?') {
      for (const line of STRESS_USAGE) p.log(line);
      return 0;
    }
    if (a === '--version') {
      p.log('stress 1.0.4');
      return 0;
    }
    if (['-v', '--verbose', '-q', '--quiet', '-n', '--dry-run', '--vm-keep'].includes(a)) continue;
    const value = next();
    if (value === undefined) return fail(`missing argument to option '${a}'`);
    if (a === '-t' || a === '--timeout') {
      const n = stressSeconds(value);
      if (typeof n === 'string') return fail(n);
      timeout = n;
    } else if (a === '--vm-bytes') {
      const n = stressBytes(value);
      if (typeof n === 'string') return fail(n);
      if (n <= 0) return fail(`invalid vm byte value: ${n}`);
      vmBytes = n;
    } else if (['-c', '--cpu', '-i', '--io', '-m', '--vm', '-d', '--hdd'].includes(a)) {
      const n = Number.parseInt(value, 10);
      if (!Number.isFinite(n) || n < 0) return fail(`invalid number: ${value}`);
      if (a === '-c' || a === '--cpu') cpu = n;
      else if (a === '-i' || a === '--io') io = n;
      else if (a === '-m' || a === '--vm') vm = n;
      else hdd = n;
    } else if (!['--vm-stride', '--vm-hang', '--hdd-bytes', '--backoff'].includes(a))
      return fail(`unrecognized option: ${a}`);
  }
  if (cpu + io + vm + hdd === 0) {
    for (const line of STRESS_USAGE) p.log(line);
    return 0;
  }
  info(`dispatching hogs: ${cpu} cpu, ${io} io, ${vm} vm, ${hdd} hdd`);
  if (vm > 0) {
    // Touching every page runs at a few GB/s.
    p.advance(5 + Math.ceil((vm * vmBytes) / 3_000_000));
    p.allocate(vm * vmBytes);
  }
  if (timeout > 0) {
    p.advance(timeout * 1000);
    p.allocate(-vm * vmBytes);
    info(`successful run completed in ${timeout}s`);
    return 0;
  }
  throw new Halt('forever');
};
