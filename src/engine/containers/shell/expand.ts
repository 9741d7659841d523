/**
 * Word expansion: parameters (`${VAR:-default}`, `$?`, `$@`), command substitution, arithmetic, and field
 * splitting of unquoted expansions (no globbing).
 */
import { Halt, type Proc } from '../proc';
import type { Word } from './parse';
import { shellPrefix } from './messages';
import { arith } from './arith';
import { runScript } from './exec';

function lookupVar(name: string, p: Proc): string | undefined {
  if (name === '?') return String(p.status);
  if (name === '$') return '1';
  if (name === '!') return p.bgEnds.length ? String(6 + p.bgEnds.length) : '';
  if (name === '#') return String(p.positional.length);
  if (name === '0') return p.arg0;
  if (name === '@' || name === '*') return p.positional.join(' ');
  if (name === '-') return `${p.errexit ? 'e' : ''}${p.xtrace ? 'x' : ''}`;
  if (/^[0-9]+$/.test(name)) return p.positional[Number(name) - 1];
  return p.env.get(name);
}

function expandPart(part: Word[number], p: Proc): string {
  switch (part.t) {
    case 'lit':
      return part.v;
    case 'var': {
      const value = lookupVar(part.name, p);
      switch (part.op) {
        case '#len':
          return String((value ?? '').length);
        case ':-':
          return value ? value : expandJoined(part.arg ?? [], p);
        case '-':
          return value !== undefined ? value : expandJoined(part.arg ?? [], p);
        case ':=':
        case '=': {
          if (part.op === ':=' ? !value : value === undefined) {
            const v = expandJoined(part.arg ?? [], p);
            p.env.set(part.name, v);
            return v;
          }
          return value ?? '';
        }
        case ':+':
          return value ? expandJoined(part.arg ?? [], p) : '';
        case '+':
          return value !== undefined ? expandJoined(part.arg ?? [], p) : '';
        case ':?':
        case '?':
          if (!value) {
            p.log(`${shellPrefix(p)}${part.name}: ${expandJoined(part.arg ?? [], p) || 'parameter not set'}`, 'stderr');
            throw new Halt('exit', 2);
          }
          return value;
        default:
          return value ?? '';
      }
    }
    case 'cmd':
      return commandSubstitution(part.src, p);
    case 'arith':
      return String(arith(part.expr, p));
  }
}

export function expandJoined(word: Word, p: Proc): string {
  return word.map((part) => expandPart(part, p)).join('');
}

/** Word expansion with field splitting of unquoted expansions (no globbing). */
export function expandWord(word: Word, p: Proc): string[] {
  if (word.length === 1 && word[0]!.t === 'var' && word[0]!.q && word[0]!.name === '@' && !word[0]!.op)
    return [...p.positional];
  const fields: string[] = [];
  let cur = '';
  let real = false;
  const end = () => {
    if (cur !== '' || real) fields.push(cur);
    cur = '';
    real = false;
  };
  for (const part of word) {
    if (part.t === 'lit') {
      cur += part.v;
      if (part.q || part.v !== '') real = true;
      continue;
    }
    const value = expandPart(part, p);
    if (part.q) {
      cur += value;
      real = true;
      continue;
    }
    const pieces = value.split(/[ \t\n]+/);
    pieces.forEach((piece, k) => {
      if (k > 0) end();
      cur += piece;
      if (piece !== '') real = true;
    });
  }
  end();
  return fields;
}

function commandSubstitution(src: string, p: Proc): string {
  const sub = p.fork();
  sub.capture = [];
  sub.fds = [{ kind: 'null' }, { kind: 'capture' }, p.fds[2] ?? { kind: 'null' }];
  try {
    runScript(src, sub);
  } catch (e) {
    if (!(e instanceof Halt) || e.kind !== 'exit') {
      p.t = Math.max(p.t, sub.t);
      throw e;
    }
  }
  p.t = Math.max(p.t, sub.t);
  return sub.capture.join('\n').replace(/\n+$/, '');
}
