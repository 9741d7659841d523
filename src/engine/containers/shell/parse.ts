/**
 * A small POSIX-sh parser for the one-liners people put in `command: ["sh", "-c", "…"]`.
 *
 * Supported (what container scripts use): words with '…', "…", \-escapes, $VAR / ${VAR} / ${VAR:-x} / $1 / $? /
 * $(…) / `…` / $((…)); `;` `&&` `||` `&` `|` `!` newlines and `#` comments; redirections (`>`, `>>`, `<`, `2>&1`,
 * `&>`, `N>file`); `while`/`until … do … done`, `for x in …; do … done`, `if/elif/else/fi`, `{ …; }` and `( … )`;
 * leading `VAR=value` assignments. Not supported (parsed as plain words or reported as a syntax error the way
 * a shell would): `case`, functions, here-documents' bodies, globbing.
 *
 * Syntax errors carry a kind so the interpreter can print them in the invoking shell's words (busybox ash, dash or
 * bash differ). Parsing never throws to callers: `parseShell` returns either a program or an error.
 */

type WordPart =
  | { t: 'lit'; v: string; q: boolean }
  | { t: 'var'; name: string; q: boolean; op?: string; arg?: Word }
  | { t: 'cmd'; src: string; q: boolean }
  | { t: 'arith'; expr: string; q: boolean };
export type Word = WordPart[];

export interface Redirect {
  fd: number;
  op: '>' | '>>' | '<' | '>&' | '<&' | '&>' | '<<';
  target: Word;
}

export type Command =
  | {
      type: 'simple';
      line: number;
      assigns: Array<{ name: string; value: Word }>;
      words: Word[];
      redirects: Redirect[];
    }
  | { type: 'loop'; line: number; until: boolean; cond: List; body: List; redirects: Redirect[] }
  | { type: 'for'; line: number; name: string; items: Word[] | null; body: List; redirects: Redirect[] }
  | {
      type: 'if';
      line: number;
      clauses: Array<{ cond: List; body: List }>;
      otherwise: List | null;
      redirects: Redirect[];
    }
  | { type: 'group'; line: number; subshell: boolean; body: List; redirects: Redirect[] }
  | { type: 'func'; line: number; name: string; body: Command; redirects: Redirect[] };

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}
interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}
export type List = Array<{ andOr: AndOr; background: boolean }>;

type SyntaxErrorKind = 'unterminated-quote' | 'unexpected-eof' | 'unexpected-token';
export interface ShellSyntaxError {
  kind: SyntaxErrorKind;
  /** The offending token (for unexpected-token) or the awaited keyword (for unexpected-eof). */
  token: string;
  line: number;
}

type Tok =
  | { k: 'word'; word: Word; raw: string; line: number }
  | { k: 'op'; op: string; line: number }
  | { k: 'redir'; op: Redirect['op']; fd: number; line: number };

class ParseFail {
  constructor(readonly error: ShellSyntaxError) {}
}

const MAX_SOURCE = 100_000;

/** Find the end of a `$(`…`)` starting after the opening paren; respects quotes and nesting. */
function matchParen(s: string, i: number): number {
  let depth = 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const j = s.indexOf("'", i + 1);
      if (j < 0) return -1;
      i = j + 1;
    } else if (c === '"') {
      i++;
      while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
      if (i >= s.length) return -1;
      i++;
    } else if (c === '(') {
      depth++;
      i++;
    } else if (c === ')') {
      depth--;
      if (depth === 0) return i;
      i++;
    } else i++;
  }
  return -1;
}

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_]/.test(c);
}

/** Parse a `$…` expansion at s[i] === '$'; returns the part and the index after it. */
function parseDollar(s: string, i: number, quoted: boolean, line: number): [WordPart, number] {
  const next = s[i + 1];
  if (next === '(' && s[i + 2] === '(') {
    const end = matchParen(s, i + 3);
    if (end < 0 || s[end + 1] !== ')') throw new ParseFail({ kind: 'unexpected-eof', token: ')', line });
    return [{ t: 'arith', expr: s.slice(i + 3, end), q: quoted }, end + 2];
  }
  if (next === '(') {
    const end = matchParen(s, i + 2);
    if (end < 0) throw new ParseFail({ kind: 'unexpected-eof', token: ')', line });
    return [{ t: 'cmd', src: s.slice(i + 2, end), q: quoted }, end + 1];
  }
  if (next === '{') {
    const end = s.indexOf('}', i + 2);
    if (end < 0) throw new ParseFail({ kind: 'unexpected-eof', token: '}', line });
    const body = s.slice(i + 2, end);
    const m = /^(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:(:?[-=+?])(.*))?$/s.exec(body);
    if (!m) return [{ t: 'lit', v: '', q: quoted }, end + 1]; // "bad substitution": expand to nothing
    if (m[1] === '#') return [{ t: 'var', name: m[2]!, q: quoted, op: '#len' }, end + 1];
    if (m[3])
      return [{ t: 'var', name: m[2]!, q: quoted, op: m[3], arg: tokenizeWordText(m[4] ?? '', quoted, line) }, end + 1];
    return [{ t: 'var', name: m[2]!, q: quoted }, end + 1];
  }
  if (isNameStart(next)) {
    let j = i + 1;
    while (j < s.length && /[A-Za-z0-9_]/.test(s[j]!)) j++;
    return [{ t: 'var', name: s.slice(i + 1, j), q: quoted }, j];
  }
  if (next !== undefined && /[0-9@*#?$!-]/.test(next)) return [{ t: 'var', name: next, q: quoted }, i + 2];
  return [{ t: 'lit', v: '$', q: quoted }, i + 1];
}

/** Parts of a word-ish text (used for ${x:-default} arguments). */
function tokenizeWordText(text: string, quoted: boolean, line: number): Word {
  const parts: Word = [];
  let i = 0;
  let lit = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c === '$') {
      if (lit) parts.push({ t: 'lit', v: lit, q: quoted });
      lit = '';
      const [part, j] = parseDollar(text, i, quoted, line);
      parts.push(part);
      i = j;
    } else if (c === "'" && !quoted) {
      const j = text.indexOf("'", i + 1);
      lit += j < 0 ? text.slice(i + 1) : text.slice(i + 1, j);
      i = j < 0 ? text.length : j + 1;
    } else if (c === '"' && !quoted) {
      i++;
    } else {
      lit += c;
      i++;
    }
  }
  if (lit) parts.push({ t: 'lit', v: lit, q: quoted });
  return parts;
}

/** The redirection operator at s[i] ('>' or '<'): [operator, length]. */
function redirOperator(s: string, i: number): [Redirect['op'], number] {
  const c = s[i];
  const n = s[i + 1];
  if (c === '>' && n === '>') return ['>>', 2];
  if (c === '>' && n === '&') return ['>&', 2];
  if (c === '>' && n === '|') return ['>', 2];
  if (c === '<' && n === '<') return ['<<', s[i + 2] === '-' ? 3 : 2];
  if (c === '<' && n === '&') return ['<&', 2];
  return [c === '>' ? '>' : '<', 1];
}

function tokenize(src: string): Tok[] {
  const s = src.length > MAX_SOURCE ? src.slice(0, MAX_SOURCE) : src;
  const toks: Tok[] = [];
  let i = 0;
  let line = 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && s[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '\n') {
      toks.push({ k: 'op', op: '\n', line });
      line++;
      i++;
      continue;
    }
    if (c === '#') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    const two = s.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === ';;') {
      toks.push({ k: 'op', op: two === ';;' ? ';' : two, line });
      i += 2;
      continue;
    }
    if (two === '&>') {
      const append = s[i + 2] === '>';
      toks.push({ k: 'redir', op: append ? '>>' : '&>', fd: append ? -1 : 1, line });
      i += append ? 3 : 2;
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
      toks.push({ k: 'op', op: c, line });
      i++;
      continue;
    }
    if (c === '>' || c === '<') {
      const [op, len] = redirOperator(s, i);
      i += len;
      toks.push({ k: 'redir', op, fd: op.startsWith('<') ? 0 : 1, line });
      continue;
    }
    // A word.
    const word: Word = [];
    let lit = '';
    const flush = (q: boolean) => {
      if (lit) word.push({ t: 'lit', v: lit, q });
      lit = '';
    };
    const start = i;
    while (i < s.length) {
      const ch = s[i]!;
      if (/[ \t\r\n;&|()<>]/.test(ch)) break;
      if (ch === '\\') {
        flush(false);
        if (i + 1 < s.length) word.push({ t: 'lit', v: s[i + 1]!, q: true });
        i += 2;
      } else if (ch === "'") {
        flush(false);
        const j = s.indexOf("'", i + 1);
        if (j < 0) throw new ParseFail({ kind: 'unterminated-quote', token: "'", line });
        word.push({ t: 'lit', v: s.slice(i + 1, j), q: true });
        line += (s.slice(i + 1, j).match(/\n/g) ?? []).length;
        i = j + 1;
      } else if (ch === '"') {
        flush(false);
        i++;
        let inner = '';
        const pushInner = () => {
          if (inner) word.push({ t: 'lit', v: inner, q: true });
          inner = '';
        };
        let closed = false;
        while (i < s.length) {
          const d = s[i]!;
          if (d === '"') {
            closed = true;
            i++;
            break;
          }
          if (d === '\\' && i + 1 < s.length && '$`"\\\n'.includes(s[i + 1]!)) {
            if (s[i + 1] !== '\n') inner += s[i + 1];
            i += 2;
          } else if (d === '$') {
            pushInner();
            const [part, j] = parseDollar(s, i, true, line);
            word.push(part);
            i = j;
          } else if (d === '`') {
            pushInner();
            const j = s.indexOf('`', i + 1);
            if (j < 0) throw new ParseFail({ kind: 'unterminated-quote', token: '`', line });
            word.push({ t: 'cmd', src: s.slice(i + 1, j), q: true });
            i = j + 1;
          } else {
            if (d === '\n') line++;
            inner += d;
            i++;
          }
        }
        if (!closed) throw new ParseFail({ kind: 'unterminated-quote', token: '"', line });
        pushInner();
        // An empty "" still makes a (quoted, empty) word.
        if (word.length === 0) word.push({ t: 'lit', v: '', q: true });
      } else if (ch === '$') {
        flush(false);
        if (s[i + 1] === "'") {
          // bash/ash $'…' (ANSI-C quoting): the common escapes only.
          const j = s.indexOf("'", i + 2);
          if (j < 0) throw new ParseFail({ kind: 'unterminated-quote', token: "'", line });
          const body = s
            .slice(i + 2, j)
            .replace(/\\n/g, '\n')
            .replace(/\\t/g, '\t')
            .replace(/\\'/g, "'")
            .replace(/\\\\/g, '\\');
          word.push({ t: 'lit', v: body, q: true });
          i = j + 1;
        } else {
          const [part, j] = parseDollar(s, i, false, line);
          word.push(part);
          i = j;
        }
      } else if (ch === '`') {
        flush(false);
        const j = s.indexOf('`', i + 1);
        if (j < 0) throw new ParseFail({ kind: 'unterminated-quote', token: '`', line });
        word.push({ t: 'cmd', src: s.slice(i + 1, j), q: false });
        i = j + 1;
      } else {
        lit += ch;
        i++;
      }
    }
    flush(false);
    const raw = s.slice(start, i);
    // "2>" / "2>>" / "1>&2": a number directly before a redirection operator is its fd.
    if ((s[i] === '>' || s[i] === '<') && /^[0-9]$/.test(raw)) {
      const fd = Number(raw);
      const [op, len] = redirOperator(s, i);
      i += len;
      toks.push({ k: 'redir', op, fd, line });
      continue;
    }
    toks.push({ k: 'word', word, raw, line });
  }
  return toks;
}

const RESERVED_CLOSERS = new Set(['do', 'done', 'then', 'elif', 'else', 'fi', '}', 'esac']);

function plainWord(t: Tok | undefined): string | undefined {
  if (!t || t.k !== 'word') return undefined;
  if (t.word.length === 1 && t.word[0]!.t === 'lit' && !t.word[0]!.q) return t.word[0]!.v;
  return undefined;
}

class Parser {
  i = 0;
  constructor(readonly toks: Tok[]) {}

  peek(): Tok | undefined {
    return this.toks[this.i];
  }
  line(): number {
    return this.peek()?.line ?? this.toks.at(-1)?.line ?? 1;
  }
  skipNewlines(): void {
    while (this.peek()?.k === 'op' && (this.peek() as { op: string }).op === '\n') this.i++;
  }
  isOp(op: string): boolean {
    const t = this.peek();
    return t?.k === 'op' && t.op === op;
  }
  isKeyword(kw: string): boolean {
    return plainWord(this.peek()) === kw;
  }
  expectKeyword(kw: string): void {
    this.skipSeparators();
    if (!this.isKeyword(kw)) this.unexpected(kw);
    this.i++;
  }
  skipSeparators(): void {
    while (this.isOp('\n') || this.isOp(';')) this.i++;
  }
  unexpected(awaiting: string): never {
    const t = this.peek();
    if (!t) throw new ParseFail({ kind: 'unexpected-eof', token: awaiting, line: this.line() });
    const tok = t.k === 'word' ? t.raw : t.k === 'op' ? (t.op === '\n' ? 'newline' : t.op) : t.op;
    throw new ParseFail({ kind: 'unexpected-token', token: tok, line: t.line });
  }

  /** list until one of the terminator keywords / `)` / EOF. */
  list(terminators: Set<string>, closeParen = false): List {
    const out: List = [];
    for (;;) {
      this.skipSeparators();
      const t = this.peek();
      if (!t) break;
      const w = plainWord(t);
      if (w !== undefined && terminators.has(w)) break;
      if (closeParen && this.isOp(')')) break;
      if (w !== undefined && RESERVED_CLOSERS.has(w)) this.unexpected(w);
      if (t.k === 'op' && (t.op === ')' || t.op === '&&' || t.op === '||' || t.op === '|' || t.op === '&'))
        this.unexpected(t.op);
      const andOr = this.andOr();
      let background = false;
      if (this.isOp('&')) {
        background = true;
        this.i++;
      } else if (this.isOp(';') || this.isOp('\n')) this.i++;
      out.push({ andOr, background });
    }
    return out;
  }

  andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    while (this.isOp('&&') || this.isOp('||')) {
      const op = (this.peek() as { op: '&&' | '||' }).op;
      this.i++;
      this.skipNewlines();
      rest.push({ op, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  pipeline(): Pipeline {
    let negate = false;
    while (this.isKeyword('!')) {
      negate = !negate;
      this.i++;
    }
    const commands = [this.command()];
    while (this.isOp('|')) {
      this.i++;
      this.skipNewlines();
      commands.push(this.command());
    }
    return { negate, commands };
  }

  redirects(): Redirect[] {
    const out: Redirect[] = [];
    while (this.peek()?.k === 'redir') {
      const r = this.peek() as { op: Redirect['op']; fd: number };
      this.i++;
      const target = this.peek();
      if (!target || target.k !== 'word') this.unexpected('word');
      this.i++;
      out.push({ fd: r.fd, op: r.op, target: target.word });
    }
    return out;
  }

  command(): Command {
    const t = this.peek();
    const line = this.line();
    if (!t) this.unexpected('command');
    if (t.k === 'op' && t.op === '(') {
      this.i++;
      const body = this.list(new Set(), true);
      if (!this.isOp(')')) this.unexpected(')');
      this.i++;
      return { type: 'group', line, subshell: true, body, redirects: this.redirects() };
    }
    if (t.k === 'op') this.unexpected(t.op);
    const kw = plainWord(t);
    if (kw === '{') {
      this.i++;
      const body = this.list(new Set(['}']));
      this.expectKeyword('}');
      return { type: 'group', line, subshell: false, body, redirects: this.redirects() };
    }
    if (kw === 'while' || kw === 'until') {
      this.i++;
      const cond = this.list(new Set(['do']));
      this.expectKeyword('do');
      const body = this.list(new Set(['done']));
      this.expectKeyword('done');
      return { type: 'loop', line, until: kw === 'until', cond, body, redirects: this.redirects() };
    }
    if (kw === 'for') {
      this.i++;
      const name = plainWord(this.peek());
      if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.unexpected('name');
      this.i++;
      let items: Word[] | null = null;
      this.skipNewlines();
      if (this.isKeyword('in')) {
        this.i++;
        items = [];
        while (this.peek()?.k === 'word' && !this.isKeyword('do'))
          items.push((this.toks[this.i++] as { word: Word }).word);
      }
      this.skipSeparators();
      this.expectKeyword('do');
      const body = this.list(new Set(['done']));
      this.expectKeyword('done');
      return { type: 'for', line, name, items, body, redirects: this.redirects() };
    }
    if (kw === 'if') {
      this.i++;
      const clauses: Array<{ cond: List; body: List }> = [];
      let otherwise: List | null = null;
      for (;;) {
        const cond = this.list(new Set(['then']));
        this.expectKeyword('then');
        const body = this.list(new Set(['elif', 'else', 'fi']));
        clauses.push({ cond, body });
        this.skipSeparators();
        if (this.isKeyword('elif')) {
          this.i++;
          continue;
        }
        if (this.isKeyword('else')) {
          this.i++;
          otherwise = this.list(new Set(['fi']));
        }
        this.expectKeyword('fi');
        break;
      }
      return { type: 'if', line, clauses, otherwise, redirects: this.redirects() };
    }
    if (kw === 'case') this.unexpected('case'); // not modelled: report like a parse failure
    // Function definition: name() compound-command
    const next = this.toks[this.i + 1];
    const after = this.toks[this.i + 2];
    if (
      kw !== undefined &&
      /^[A-Za-z_:][A-Za-z0-9_.:-]*$/.test(kw) &&
      next?.k === 'op' &&
      next.op === '(' &&
      after?.k === 'op' &&
      after.op === ')'
    ) {
      this.i += 3;
      this.skipNewlines();
      const body = this.command();
      return { type: 'func', line, name: kw, body, redirects: [] };
    }
    // Simple command: assignments, words, redirections in any order.
    const assigns: Array<{ name: string; value: Word }> = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const tok = this.peek();
      if (!tok) break;
      if (tok.k === 'redir') {
        redirects.push(...this.redirects());
        continue;
      }
      if (tok.k !== 'word') break;
      const first = tok.word[0];
      if (words.length === 0 && first?.t === 'lit' && !first.q) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(first.v);
        if (m) {
          assigns.push({ name: m[1]!, value: [{ t: 'lit', v: m[2]!, q: true }, ...tok.word.slice(1)] });
          this.i++;
          continue;
        }
      }
      // A reserved word that closes a construct ends the simple command only at command position.
      if (words.length === 0 && RESERVED_CLOSERS.has(plainWord(tok) ?? '')) break;
      words.push(tok.word);
      this.i++;
    }
    if (words.length === 0 && assigns.length === 0 && redirects.length === 0) this.unexpected('command');
    return { type: 'simple', line, assigns, words, redirects };
  }
}

export type ParseResult = { ok: true; list: List } | { ok: false; error: ShellSyntaxError };

/** Parse a script. Never throws. */
export function parseShell(src: string): ParseResult {
  try {
    const toks = tokenize(typeof src === 'string' ? src : String(src));
    const p = new Parser(toks);
    const list = p.list(new Set());
    if (p.peek()) p.unexpected('end');
    return { ok: true, list };
  } catch (e) {
    if (e instanceof ParseFail) return { ok: false, error: e.error };
    // Stack overflow on absurdly nested input and similar: report as a syntax error.
    return { ok: false, error: { kind: 'unexpected-token', token: '(', line: 1 } };
  }
}

/** Render a word back to text (for `set -x` traces and messages). */
export function wordText(word: Word): string {
  return word
    .map((p) => (p.t === 'lit' ? p.v : p.t === 'var' ? `$${p.name}` : p.t === 'cmd' ? `$(${p.src})` : `$((${p.expr}))`))
    .join('');
}
