/** `test`, `[` and `[[`: the shell's conditional expressions, builtins and programs on $PATH alike. */
import type { Proc } from '../proc';
import { shellPrefix } from './messages';
import { resolveExecutable } from '../resolveExecutable';

/** test / [ … ]: the usual file, string and integer tests. Returns 0, 1, or 2 on error. */
export function evalTest(args: string[], p: Proc, name = 'test'): number {
  const bad = (msg: string) => {
    p.log(`${p.inShell ? shellPrefix(p) : ''}${name}: ${msg}`, 'stderr');
    return 2;
  };
  const int = (v: string): number | null => (/^\s*-?[0-9]+\s*$/.test(v) ? Number(v) : null);
  const unary = (op: string, v: string): number | null => {
    switch (op) {
      case '-e':
      case '-r':
      case '-w':
        return p.exists(v) ? 0 : 1;
      case '-f':
        return p.isFile(v) ? 0 : 1;
      case '-d':
        return p.isDir(v) ? 0 : 1;
      case '-s':
        return p.isFile(v) && p.read(v) !== '' ? 0 : p.isFile(v) && !p.fs.has(p.abs(v)) ? 0 : 1;
      case '-x':
        return resolveExecutable(v.includes('/') ? v : `/${v}`, p) || p.isDir(v) ? 0 : 1;
      case '-L':
      case '-h':
      case '-p':
      case '-S':
      case '-b':
      case '-c':
      case '-t':
        return 1;
      case '-z':
        return v === '' ? 0 : 1;
      case '-n':
        return v !== '' ? 0 : 1;
      default:
        return null;
    }
  };
  const binary = (a: string, op: string, b: string): number | null => {
    switch (op) {
      case '=':
      case '==':
        return a === b ? 0 : 1;
      case '!=':
        return a !== b ? 0 : 1;
      case '-eq':
      case '-ne':
      case '-lt':
      case '-le':
      case '-gt':
      case '-ge': {
        const x = int(a);
        const y = int(b);
        if (x === null || y === null) {
          const badv = x === null ? a : b;
          return bad(
            p.shell === 'bash'
              ? `${badv}: integer expression expected`
              : p.shell === 'dash'
                ? `Illegal number: ${badv}`
                : `${badv}: bad number`,
          );
        }
        const r =
          op === '-eq'
            ? x === y
            : op === '-ne'
              ? x !== y
              : op === '-lt'
                ? x < y
                : op === '-le'
                  ? x <= y
                  : op === '-gt'
                    ? x > y
                    : x >= y;
        return r ? 0 : 1;
      }
      case '-nt':
      case '-ot':
        return 1;
      default:
        return null;
    }
  };
  const evalExpr = (a: string[]): number => {
    const oi = a.indexOf('-o');
    if (oi > 0) {
      const l = evalExpr(a.slice(0, oi));
      return l === 0 ? 0 : evalExpr(a.slice(oi + 1));
    }
    const ai = a.indexOf('-a');
    if (ai > 0) {
      const l = evalExpr(a.slice(0, ai));
      return l !== 0 ? l : evalExpr(a.slice(ai + 1));
    }
    if (a.length === 0) return 1;
    if (a[0] === '!') {
      const r = evalExpr(a.slice(1));
      return r === 2 ? 2 : r === 0 ? 1 : 0;
    }
    if (a.length === 1) return a[0] !== '' ? 0 : 1;
    if (a.length === 2) {
      const r = unary(a[0]!, a[1]!);
      return r ?? bad(`${a[0]}: unary operator expected`);
    }
    if (a.length === 3) {
      const r = binary(a[0]!, a[1]!, a[2]!);
      if (r !== null) return r;
      if (a[0] === '(' && a[2] === ')') return a[1] !== '' ? 0 : 1;
      return bad(`${a[1]}: binary operator expected`);
    }
    return bad('too many arguments');
  };
  return evalExpr(args);
}
