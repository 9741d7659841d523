/** Shell arithmetic, for `$(( … ))` and `expr`. */
import type { Proc } from '../proc';

/** $(( … )): + - * / % comparisons && || ! and parentheses over integers; names are variables. */
export function arith(expr: string, p: Proc): number {
  const src = expr.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => p.env.get(n) ?? '0');
  const toks = src.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|&&|\|\||==|!=|<=|>=|[-+*/%()<>!]/g) ?? [];
  let i = 0;
  const num = (v: string | undefined) => Number(v ?? 0) || 0;
  const primary = (): number => {
    const t = toks[i++];
    if (t === '(') {
      const v = or();
      i++;
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return primary() ? 0 : 1;
    if (t && /^[A-Za-z_]/.test(t)) return num(p.env.get(t));
    return num(t);
  };
  const mul = (): number => {
    let v = primary();
    while (toks[i] === '*' || toks[i] === '/' || toks[i] === '%') {
      const op = toks[i++];
      const r = primary();
      v = op === '*' ? v * r : r === 0 ? 0 : op === '/' ? Math.trunc(v / r) : v % r;
    }
    return v;
  };
  const add = (): number => {
    let v = mul();
    while (toks[i] === '+' || toks[i] === '-') v = toks[i++] === '+' ? v + mul() : v - mul();
    return v;
  };
  const cmp = (): number => {
    let v = add();
    while (toks[i] && ['<', '>', '<=', '>=', '==', '!='].includes(toks[i]!)) {
      const op = toks[i++];
      const r = add();
      v = Number(
        op === '<'
          ? v < r
          : op === '>'
            ? v > r
            : op === '<='
              ? v <= r
              : op === '>='
                ? v >= r
                : op === '=='
                  ? v === r
                  : v !== r,
      );
    }
    return v;
  };
  const and = (): number => {
    let v = cmp();
    while (toks[i] === '&&') {
      i++;
      const r = cmp();
      v = Number(!!v && !!r);
    }
    return v;
  };
  const or = (): number => {
    let v = and();
    while (toks[i] === '||') {
      i++;
      const r = and();
      v = Number(!!v || !!r);
    }
    return v;
  };
  const v = or();
  return Number.isFinite(v) ? Math.trunc(v) : 0;
}
