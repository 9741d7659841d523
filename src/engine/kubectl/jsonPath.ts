/**
 * kubectl's JSONPath (k8s.io/client-go/util/jsonpath: parser.go, jsonpath.go), as `-o jsonpath=`,
 * `-o custom-columns=` and `--sort-by=` use it, over an object as kubectl decodes it (unstructured JSON:
 * timestamps are strings, whole numbers int64).
 *
 * Supported: text outside `{}`; inside, `.field` (with `\.` escapes), `['key']`/`["a","b"]` unions, `..field`
 * (recursive descent), `[n]`, `[-1]`, `[a:b:c]`, `[*]`, `.*`, filters `[?(@.a.b OP x)]` (`==`, `!=`, `<`, `>`,
 * `<=`, `>=`, existence `[?(@.x)]`), string literals `{"\n"}`, `{range …}…{end}`, `@` and `$`.
 * Missing keys yield nothing, as kubectl's printers run with AllowMissingKeys(true).
 * Printing is JSONPath.PrintResults: several results of one `{}` are joined by a space, maps and lists are
 * printed as compact JSON (encoding/json), scalars with fmt.Print.
 */
import { goJsonString } from './yamlOutput';

type Seg =
  | { t: 'root' }
  | { t: 'field'; names: string[] }
  | { t: 'all' }
  | { t: 'recursive' }
  | { t: 'index'; start?: number; end?: number; step?: number; single: boolean }
  | { t: 'filter'; left: Seg[]; op?: string; right?: Seg[] | { literal: unknown } };

type Item = { t: 'text'; text: string } | { t: 'path'; segs: Seg[] } | { t: 'range'; segs: Seg[]; body: Item[] };

export class JsonPathError extends Error {}

/** Parses a template (`{.items[*].metadata.name}`, `name: {.metadata.name}{"\n"}`). Throws JsonPathError. */
export function parseJsonPath(template: string): Item[] {
  const root: Item[] = [];
  const stack: Item[][] = [root];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      stack[stack.length - 1].push({ t: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) stack[stack.length - 1].push({ t: 'text', text: template.slice(i, open) });
    const close = findClose(template, open);
    if (close < 0) throw new JsonPathError(`unclosed action`);
    const inside = template.slice(open + 1, close).trim();
    i = close + 1;
    const cur = stack[stack.length - 1];
    if (inside === 'end') {
      if (stack.length === 1) throw new JsonPathError('not in range, nothing to end');
      stack.pop();
    } else if (inside.startsWith('range ')) {
      const item: Item = { t: 'range', segs: parsePath(inside.slice(6).trim()), body: [] };
      cur.push(item);
      stack.push(item.body);
    } else if (/^"(?:[^"\\]|\\.)*"$/.test(inside)) {
      cur.push({ t: 'text', text: unquote(inside) });
    } else {
      // Several expressions in one action are printed one after another.
      for (const part of inside.split(/\s+/).filter(Boolean)) {
        if (/^"(?:[^"\\]|\\.)*"$/.test(part)) cur.push({ t: 'text', text: unquote(part) });
        else cur.push({ t: 'path', segs: parsePath(part) });
      }
    }
  }
  if (stack.length > 1) throw new JsonPathError('unclosed range');
  return root;
}

function findClose(s: string, open: number): number {
  let quote = '';
  for (let j = open + 1; j < s.length; j++) {
    const ch = s[j];
    if (quote) {
      if (ch === '\\') j++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '}') return j;
  }
  return -1;
}

/** strconv.Unquote for the escapes a template uses. */
function unquote(q: string): string {
  const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', "'": "'" };
  return q.slice(1, -1).replace(/\\(.)/g, (_, c: string) => map[c] ?? c);
}

function parsePath(text: string): Seg[] {
  const segs: Seg[] = [];
  let i = 0;
  if (text[0] === '$' || text[0] === '@') {
    segs.push({ t: 'root' });
    i = 1;
  }
  while (i < text.length) {
    const ch = text[i];
    if (ch === '.') {
      if (text[i + 1] === '.') {
        segs.push({ t: 'recursive' });
        i += 2;
        continue;
      }
      i++;
      if (text[i] === '*') {
        segs.push({ t: 'all' });
        i++;
        continue;
      }
      let name = '';
      while (i < text.length && text[i] !== '.' && text[i] !== '[') {
        if (text[i] === '\\' && text[i + 1] === '.') {
          name += '.';
          i += 2;
        } else name += text[i++];
      }
      if (name) segs.push({ t: 'field', names: [name] });
    } else if (ch === '[') {
      const close = findBracket(text, i);
      if (close < 0) throw new JsonPathError('unterminated array');
      segs.push(parseBracket(text.slice(i + 1, close).trim()));
      i = close + 1;
    } else {
      // `metadata.name` without the leading dot: a field.
      let name = '';
      while (i < text.length && text[i] !== '.' && text[i] !== '[') name += text[i++];
      segs.push({ t: 'field', names: [name] });
    }
  }
  return segs;
}

function findBracket(s: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let j = open; j < s.length; j++) {
    const ch = s[j];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') {
      depth--;
      if (depth === 0 && ch === ']') return j;
    }
  }
  return -1;
}

function parseBracket(inner: string): Seg {
  if (inner === '*') return { t: 'all' };
  if (inner.startsWith('?(') && inner.endsWith(')')) return parseFilter(inner.slice(2, -1).trim());
  if (/^['"]/.test(inner)) {
    const names = [...inner.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
    return { t: 'field', names };
  }
  const m = inner.match(/^(-?\d*)(?::(-?\d*))?(?::(-?\d*))?$/);
  if (!m) throw new JsonPathError(`invalid array index ${inner}`);
  const n = (s: string | undefined) => (s === undefined || s === '' ? undefined : Number(s));
  if (inner.includes(':')) return { t: 'index', start: n(m[1]), end: n(m[2]), step: n(m[3]), single: false };
  return { t: 'index', start: n(m[1]), single: true };
}

function parseFilter(expr: string): Seg {
  const m = expr.match(/^(.*?)\s*(==|!=|<=|>=|<|>)\s*(.*)$/);
  if (!m) return { t: 'filter', left: parsePath(expr) };
  const literal = (s: string): Seg[] | { literal: unknown } => {
    if (/^'.*'$|^".*"$/.test(s)) return { literal: s.slice(1, -1) };
    if (/^-?\d+(\.\d+)?$/.test(s)) return { literal: Number(s) };
    if (s === 'true' || s === 'false') return { literal: s === 'true' };
    return parsePath(s);
  };
  return { t: 'filter', left: parsePath(m[1]), op: m[2], right: literal(m[3]) };
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function evalSegs(input: unknown[], segs: Seg[], root: unknown): unknown[] {
  let values = input;
  for (const seg of segs) {
    const next: unknown[] = [];
    for (const v of values) {
      switch (seg.t) {
        case 'root':
          next.push(root);
          break;
        case 'field':
          if (isMap(v)) for (const n of seg.names) if (n in v && v[n] !== undefined) next.push(v[n]);
          break;
        case 'all':
          if (Array.isArray(v)) next.push(...v);
          else if (isMap(v))
            next.push(
              ...Object.keys(v)
                .sort()
                .map((k) => v[k]),
            );
          break;
        case 'recursive':
          collect(v, next);
          break;
        case 'index':
          if (Array.isArray(v)) next.push(...sliceOf(v, seg));
          break;
        case 'filter':
          if (Array.isArray(v)) next.push(...v.filter((el) => filterPasses(el, seg, root)));
          break;
      }
    }
    values = next;
  }
  return values;
}

/** evalRecursive: the value and every value beneath it, parents first. */
function collect(v: unknown, out: unknown[]): void {
  out.push(v);
  if (Array.isArray(v)) for (const x of v) collect(x, out);
  else if (isMap(v))
    for (const k of Object.keys(v).sort()) {
      if (typeof v[k] === 'object' && v[k] !== null) collect(v[k], out);
    }
}

function sliceOf(arr: unknown[], seg: Extract<Seg, { t: 'index' }>): unknown[] {
  const len = arr.length;
  const norm = (n: number) => (n < 0 ? n + len : n);
  if (seg.single) {
    const i = norm(seg.start ?? 0);
    return i >= 0 && i < len ? [arr[i]] : [];
  }
  const start = Math.max(0, Math.min(len, norm(seg.start ?? 0)));
  const end = Math.max(0, Math.min(len, norm(seg.end ?? len)));
  const step = seg.step && seg.step > 0 ? seg.step : 1;
  const out: unknown[] = [];
  for (let i = start; i < end; i += step) out.push(arr[i]);
  return out;
}

function filterPasses(el: unknown, seg: Extract<Seg, { t: 'filter' }>, root: unknown): boolean {
  const lefts = evalSegs([el], seg.left[0]?.t === 'root' ? seg.left.slice(1) : seg.left, root);
  if (!seg.op) return lefts.length > 0;
  if (lefts.length === 0) return false;
  const rights =
    seg.right && 'literal' in seg.right
      ? [seg.right.literal]
      : evalSegs(
          [el],
          (seg.right as Seg[])[0]?.t === 'root' ? (seg.right as Seg[]).slice(1) : (seg.right as Seg[]),
          root,
        );
  if (rights.length === 0) return false;
  const [a, b] = [lefts[0], rights[0]];
  switch (seg.op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return (a as number) < (b as number);
    case '>':
      return (a as number) > (b as number);
    case '<=':
      return (a as number) <= (b as number);
    default:
      return (a as number) >= (b as number);
  }
}

/** FindResults: the values of each action of the template, a range expanded per element. */
export function findResults(template: Item[], data: unknown): unknown[][] {
  const out: unknown[][] = [];
  const walk = (items: Item[], cur: unknown) => {
    for (const item of items) {
      if (item.t === 'text') out.push([item.text]);
      else if (item.t === 'path') out.push(evalSegs([cur], item.segs, data));
      else for (const v of evalSegs([cur], item.segs, data)) walk(item.body, v);
    }
  };
  walk(template, data);
  return out;
}

/** `-o jsonpath=TEMPLATE`: JSONPath.Execute over `data`. */
export function executeJsonPath(template: string, data: unknown): string {
  const results = findResults(parseJsonPath(template), data);
  return results
    .map((values) => values.map((v) => (typeof v === 'object' && v !== null ? goJsonCompact(v) : goPrint(v))).join(' '))
    .join('');
}

/** encoding/json Marshal: sorted keys, no spaces, HTML-safe strings. */
export function goJsonCompact(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goJsonCompact).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${goJsonString(k)}:${goJsonCompact(o[k])}`).join(',')}}`;
}

/** fmt.Print / `%v` of a decoded JSON value: `map[a:b]`, `[x y]`, `<nil>`. */
export function goPrint(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goPrint).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .map((k) => `${k}:${goPrint(o[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/**
 * RelaxedJSONPathExpression (kubectl/pkg/cmd/get/customcolumn.go): `.a.b`, `a.b`, `{.a.b}` → `{.a.b}`.
 * Returns kubectl's error text for anything else.
 */
export function relaxedJsonPath(path: string): string | { error: string } {
  if (path.length === 0) return path;
  const m = path.match(/^\{?(\.?[^{}]+)\}?$/);
  if (!m)
    return {
      error:
        "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    };
  return m[1].startsWith('.') ? `{${m[1]}}` : `{.${m[1]}}`;
}
