/**
 * The `perl` of the perl images, for what manifests run with it: the Kubernetes docs' pi Job
 * (`perl -Mbignum=bpi -wle "print bpi(2000)"`, which prints π to 2,000 significant digits), one-liners that print
 * a string, sleep or exit, and scripts. Switch clusters are parsed as perl does (`-wle CODE`, `-Mmod=args`, code
 * attached to `-e`). Messages are perl's own: `Can't open perl script "x": No such file or directory` (exit 2),
 * `Undefined subroutine &main::bpi called at -e line 1.` (exit 255) when bpi was not imported.
 * The compute time of bpi is an estimate (not measured): ~1 s per 1,000 digits.
 */
import { piDigits } from './piDigits';
import { Halt, type Proc } from '../proc';

interface PerlArgs {
  code?: string;
  modules: string[];
  version: boolean;
  debugger: boolean;
  rest: string[];
}

/** perl's switch parsing: clusters of one-letter switches; -e/-M/-I take the rest of the cluster or the next arg. */
function parseArgs(args: string[]): PerlArgs {
  const out: PerlArgs = { modules: [], version: false, debugger: false, rest: [] };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    for (let j = 1; j < a.length; j++) {
      const ch = a[j]!;
      if (ch === 'e' || ch === 'E' || ch === 'M' || ch === 'm' || ch === 'I') {
        const attached = a.slice(j + 1);
        const value = attached !== '' ? attached : (args[++i] ?? '');
        if (ch === 'e' || ch === 'E') out.code = out.code === undefined ? value : `${out.code}\n${value}`;
        else if (ch !== 'I') out.modules.push(value);
        break;
      }
      if (ch === 'v') out.version = true;
      if (ch === 'd') out.debugger = true;
    }
  }
  out.rest = args.slice(i);
  return out;
}

function perlVersion(p: Proc): string {
  const m = /^5\.([0-9]+)(?:\.([0-9]+))?/.exec(p.img.tag ?? '');
  return m ? `5.${m[1]}.${m[2] ?? '0'}` : '5.40.1';
}

/** `bpi` is only callable when imported (`-Mbignum=bpi`, `use bignum qw(bpi)` or `use bigrat`/`bigint` likewise). */
function importsBpi(modules: string[], code: string): boolean {
  return (
    modules.some((m) => /^big(?:num|int|rat|float)=.*\bbpi\b/.test(m)) ||
    /use\s+big(?:num|int|rat|float)\s+(?:qw\s*\(|['"(])[^;]*\bbpi\b/.test(code)
  );
}

export function perl(argv: string[], p: Proc): number {
  const args = parseArgs(argv.slice(1));
  if (args.version) {
    const v = perlVersion(p);
    const [, minor, patch] = v.split('.');
    p.log('');
    p.log(`This is perl 5, version ${minor}, subversion ${patch} (v${v}) built for x86_64-linux-gnu`);
    return 0;
  }
  if (args.code === undefined) {
    const script = args.rest[0];
    // No program: perl reads one from stdin — EOF at once without `stdin: true`.
    if (script === undefined) {
      if (p.opts.stdinOpen) throw new Halt('forever');
      return 0;
    }
    if (!p.exists(script)) {
      p.log(`Can't open perl script "${script}": No such file or directory`, 'stderr');
      return 2;
    }
    throw new Halt('forever'); // a script whose content we do not know: assume a long-running app
  }
  const code = args.code;
  // The image's CMD (`-de0`): the debugger prompts on stdin, so it waits when stdin is open and ends at EOF.
  if (args.debugger && p.opts.stdinOpen) throw new Halt('forever');
  const bpi = /\bbpi\s*\(\s*([0-9]+)\s*\)/.exec(code);
  if (bpi) {
    if (!importsBpi(args.modules, code)) {
      p.log('Undefined subroutine &main::bpi called at -e line 1.', 'stderr');
      return 255;
    }
    const n = Number(bpi[1]);
    p.advance(Math.max(50, n));
    // print bpi(N) with -l: one line. bpi(0) is NaN in Math::BigFloat.
    if (/\bprint\b/.test(code)) p.log(n > 0 ? piDigits(n) : 'NaN');
    return 0;
  }
  if (/\bwhile\s*\(\s*1\s*\)|\bfor\s*\(\s*;\s*;\s*\)/.test(code)) throw new Halt('forever');
  for (const m of code.matchAll(/\bsleep\s*\(?\s*([0-9]+)/g)) p.advance(Number(m[1]) * 1000);
  for (const m of code.matchAll(/\bprint\s*\(?\s*["']([^"']*)["']/g)) p.log(m[1]!.replace(/\\n$/, ''));
  const exit = /\bexit\s*\(?\s*([0-9]+)/.exec(code);
  return exit ? Number(exit[1]) % 256 : 0;
}
