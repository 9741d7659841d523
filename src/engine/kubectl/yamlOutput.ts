/**
 * `kubectl get -o yaml|json` renderings.
 *
 * kubectl prints the unstructured object (a map) it received: for YAML via sigs.k8s.io/yaml (JSON → go-yaml v2
 * `yaml.Marshal`), for JSON via `json.MarshalIndent(obj, "", "    ")`. So this file reproduces:
 * - go-yaml v2's key order (sorter.go keyList.Less: a "natural" order where digit runs compare numerically and
 *   non-letters sort before letters) and Go's bytewise key order for JSON;
 * - go-yaml v2's scalar styles (encode.go stringv + emitterc.go analyze/select): strings that YAML 1.1 would
 *   read as something else (`"true"`, `"80"`, `""`, timestamps) are double-quoted, strings that cannot be plain
 *   (`': x'`, leading `*`…) are single-quoted, multi-line strings use `|`/`|-`, and long plain/quoted scalars are
 *   folded at spaces once a line passes 80 columns (best_width), continuing two spaces deeper;
 * - sequences inside mappings are not indented (`- ` under the key), empty maps/lists print `{}` / `[]`;
 * - Go's HTML-safe JSON string escaping (`<` → `\u003c`).
 * Before printing, virtual-ms timestamps become RFC 3339 strings, resourceVersion becomes a string and
 * metadata.managedFields is dropped (kubectl hides it by default). Output has no final newline.
 */
import { formatRFC3339, formatRFC3339Micro } from './timeFormat';

/** Fields of type metav1.MicroTime (RFC 3339 with microseconds). */
const MICRO_TIME_FIELDS = new Set(['renewTime', 'acquireTime', 'eventTime', 'lastObservedTime']);
/** metav1.Time fields whose names do not end in Time/Timestamp. */
const OTHER_TIME_FIELDS = new Set(['startedAt', 'finishedAt', 'timeAdded']);

function isTimeField(key: string): boolean {
  return /(Time|Timestamp)$/.test(key) || OTHER_TIME_FIELDS.has(key);
}

/** Deep copy for output: timestamps → strings, resourceVersion → string, managedFields and undefined dropped. */
export function prepareForOutput(value: unknown, key = '', depth = 0): unknown {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((v) => prepareForOutput(v, key, depth + 1) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'managedFields' && key === 'metadata') continue;
      const p = prepareForOutput(v, k, depth + 1);
      if (p !== undefined) out[k] = p;
    }
    return out;
  }
  if (typeof value === 'number') {
    if (key === 'resourceVersion') return String(value);
    if (isTimeField(key)) return MICRO_TIME_FIELDS.has(key) ? formatRFC3339Micro(value) : formatRFC3339(value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// go-yaml v2 key order

const isLetter = (ch: string): boolean => /\p{L}/u.test(ch);
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';

/** sorter.go keyList.Less for two string keys. */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + Number(ar[ai]);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + Number(br[bi]);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}

const yamlKeyCompare = (a: string, b: string): number => (yamlKeyLess(a, b) ? -1 : yamlKeyLess(b, a) ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------
// go-yaml v2 scalar resolution and style

const BOOL_NULL = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
  '<<',
]);
const FLOAT_RE = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT_RE = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const BASE60_RE = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TIMESTAMP_RE =
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::?[0-9]{2})?))?)?$/;

/** resolve.go: would this plain string be read back as something other than a string? */
function resolvesToNonString(s: string): boolean {
  if (BOOL_NULL.has(s)) return true;
  const c = s[0];
  if (c === '.') return FLOAT_RE.test(s);
  if (c === '+' || c === '-' || isDigit(c)) {
    if (TIMESTAMP_RE.test(s)) return true;
    const plain = s.replace(/_/g, '');
    return INT_RE.test(plain) || FLOAT_RE.test(plain) || /^-?0[bB][01]+$/.test(plain);
  }
  return false;
}

const isBreakChar = (ch: string): boolean =>
  ch === '\n' || ch === '\r' || ch === '\u0085' || ch === '\u2028' || ch === '\u2029';
const isSpaceChar = (ch: string): boolean => ch === ' ';
const isBlankChar = (ch: string | undefined): boolean =>
  ch === undefined || ch === ' ' || ch === '\t' || isBreakChar(ch);

/** yamlprivateh.go is_printable (with unicode output enabled): no tabs, controls or non-BMP characters. */
function isPrintable(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    cp === 0x85 ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

interface ScalarAnalysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** emitterc.go yaml_emitter_analyze_scalar (block context). */
function analyzeScalar(value: string): ScalarAnalysis {
  if (value.length === 0)
    return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  const chars = Array.from(value);
  let blockIndicators = false;
  if (value.startsWith('---') || value.startsWith('...')) blockIndicators = true;
  let precededByWhitespace = true;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const followedByWhitespace = isBlankChar(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      else if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      else if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(ch)) specialCharacters = true;
    if (isSpaceChar(ch)) {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakChar(ch)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankChar(ch);
  }
  const a: ScalarAnalysis = {
    multiline: lineBreaks,
    blockPlainAllowed: true,
    singleQuotedAllowed: true,
    blockAllowed: true,
  };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks) a.blockPlainAllowed = false;
  if (blockIndicators) a.blockPlainAllowed = false;
  return a;
}

type Style = 'plain' | 'single' | 'double' | 'literal';

function selectStyle(s: string, simpleKey: boolean): Style {
  const canUsePlain = !resolvesToNonString(s) && !BASE60_RE.test(s);
  let style: Style = s.includes('\n') ? 'literal' : canUsePlain ? 'plain' : 'double';
  const a = analyzeScalar(s);
  if (style === 'plain') {
    if (!a.blockPlainAllowed) style = 'single';
    if (s.length === 0 && simpleKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

// ---------------------------------------------------------------------------------------------------------
// Emitter

const BEST_WIDTH = 80;

class YamlWriter {
  private out = '';
  column = 0;

  put(s: string): void {
    for (const ch of s) {
      this.out += ch;
      this.column = ch === '\n' ? 0 : this.column + 1;
    }
  }

  /** write_indent: new line, then `indent` spaces (no new line if already at the start of an empty line). */
  indent(indent: number): void {
    if (this.out.length > 0 && !(this.column === 0 && this.out.endsWith('\n'))) this.put('\n');
    this.put(' '.repeat(indent));
  }

  text(): string {
    return this.out;
  }
}

function escapeDoubleQuoted(ch: string): string | undefined {
  switch (ch) {
    case '\0':
      return '\\0';
    case '\x07':
      return '\\a';
    case '\b':
      return '\\b';
    case '\t':
      return '\\t';
    case '\n':
      return '\\n';
    case '\x0b':
      return '\\v';
    case '\f':
      return '\\f';
    case '\r':
      return '\\r';
    case '\x1b':
      return '\\e';
    case '"':
      return '\\"';
    case '\\':
      return '\\\\';
    case '\u0085':
      return '\\N';
    case '\u00a0':
      return '\\_';
    case '\u2028':
      return '\\L';
    case '\u2029':
      return '\\P';
  }
  return undefined;
}

/** Write a scalar; values get a separating space (emitter.whitespace), keys start the line. */
function writeScalar(w: YamlWriter, s: string, indent: number, simpleKey: boolean): void {
  const style = selectStyle(s, simpleKey);
  const allowBreaks = !simpleKey;
  const sep = simpleKey ? '' : ' ';
  const chars = Array.from(s);
  if (style === 'plain') {
    w.put(sep);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (isSpaceChar(ch)) {
        if (allowBreaks && !spaces && w.column > BEST_WIDTH && !isSpaceChar(chars[i + 1] ?? '')) w.indent(indent);
        else w.put(ch);
        spaces = true;
      } else {
        w.put(ch);
        spaces = false;
      }
    }
    return;
  }
  if (style === 'single') {
    w.put(`${sep}'`);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (isSpaceChar(ch)) {
        if (
          allowBreaks &&
          !spaces &&
          w.column > BEST_WIDTH &&
          i > 0 &&
          i < chars.length - 1 &&
          !isSpaceChar(chars[i + 1])
        ) {
          w.indent(indent);
        } else {
          w.put(ch);
        }
        spaces = true;
      } else {
        if (ch === "'") w.put("'");
        w.put(ch);
        spaces = false;
      }
    }
    w.put("'");
    return;
  }
  if (style === 'double') {
    w.put(`${sep}"`);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      const cp = ch.codePointAt(0)!;
      if (!isPrintable(ch) || cp === 0xfeff || isBreakChar(ch) || ch === '"' || ch === '\\') {
        const esc = escapeDoubleQuoted(ch);
        if (esc) w.put(esc);
        else if (cp <= 0xff) w.put(`\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`);
        else if (cp <= 0xffff) w.put(`\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`);
        else w.put(`\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`);
        spaces = false;
      } else if (isSpaceChar(ch)) {
        if (allowBreaks && !spaces && w.column > BEST_WIDTH && i !== 0 && i !== chars.length - 1) {
          w.indent(indent);
          if (isSpaceChar(chars[i + 1] ?? '')) w.put('\\');
        } else {
          w.put(ch);
        }
        spaces = true;
      } else {
        w.put(ch);
        spaces = false;
      }
    }
    w.put('"');
    return;
  }
  // literal block scalar with indentation and chomping hints
  let hints = '';
  if (isSpaceChar(chars[0]) || isBreakChar(chars[0])) hints += '2';
  let chomp = '';
  if (!s.endsWith('\n')) chomp = '-';
  else if (s === '\n' || s.endsWith('\n\n')) chomp = '+';
  // yaml_emitter_write_literal_scalar: a break after the header, then each line indented; a trailing break
  // leaves the writer at the start of a fresh line (so `|+` keeps its blank lines).
  w.put(` |${hints}${chomp}\n`);
  let breaks = true;
  for (const ch of chars) {
    if (isBreakChar(ch)) {
      w.put('\n');
      breaks = true;
    } else {
      if (breaks) w.put(' '.repeat(indent));
      breaks = false;
      w.put(ch);
    }
  }
}

/** strconv.FormatFloat(f, 'g', -1, 64) as go-yaml v2 prints floats. */
function goFloatG(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (!Number.isFinite(f)) return f > 0 ? '.inf' : '-.inf';
  if (Number.isInteger(f) && Math.abs(f) < 1e21) return String(f);
  const [mant, expStr] = f.toExponential().split('e');
  const exp = Number(expStr);
  if (exp < -4 || exp >= 21) {
    const e = Math.abs(exp) < 10 ? `0${Math.abs(exp)}` : String(Math.abs(exp));
    return `${mant}e${exp < 0 ? '-' : '+'}${e}`;
  }
  return String(f);
}

function scalarText(v: unknown): string | undefined {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return goFloatG(v);
  return undefined;
}

const isEmptyMap = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0;

function writeValue(w: YamlWriter, v: unknown, indent: number): void {
  // Called after "key:" or "- "; `indent` is the scalar indent (continuation lines).
  if (typeof v === 'string') {
    writeScalar(w, v, indent, false);
    return;
  }
  const text = scalarText(v);
  if (text !== undefined) {
    w.put(` ${text}`);
    return;
  }
  if (Array.isArray(v) && v.length === 0) {
    w.put(' []');
    return;
  }
  if (isEmptyMap(v)) w.put(' {}');
}

function writeMapping(w: YamlWriter, obj: Record<string, unknown>, indent: number, inline: boolean): void {
  const keys = Object.keys(obj).sort(yamlKeyCompare);
  keys.forEach((key, idx) => {
    if (!(inline && idx === 0)) w.indent(indent);
    writeScalar(w, key, indent, true);
    w.put(':');
    writeNode(w, obj[key], indent, true);
  });
}

function writeSequence(w: YamlWriter, arr: unknown[], indent: number, inline: boolean): void {
  arr.forEach((item, idx) => {
    if (!(inline && idx === 0)) w.indent(indent);
    w.put('-');
    if (Array.isArray(item) && item.length > 0) {
      w.put(' ');
      writeSequence(w, item, indent + 2, true);
    } else if (item !== null && typeof item === 'object' && !Array.isArray(item) && !isEmptyMap(item)) {
      w.put(' ');
      writeMapping(w, item as Record<string, unknown>, indent + 2, true);
    } else {
      writeValue(w, item, indent + 2);
    }
  });
}

/** A mapping value or sequence item after its indicator. `indent` is the indentation of the owning key. */
function writeNode(w: YamlWriter, v: unknown, indent: number, inMapping: boolean): void {
  if (Array.isArray(v) && v.length > 0) {
    // go-yaml v2 writes sequences in a mapping "indentless": `- ` at the key's column.
    writeSequence(w, v, inMapping ? indent : indent + 2, false);
  } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && !isEmptyMap(v)) {
    writeMapping(w, v as Record<string, unknown>, indent + 2, false);
  } else {
    writeValue(w, v, indent + 2);
  }
}

/** Any JSON value as go-yaml v2 would marshal it (top-level mappings and sequences start at column 0). */
export function marshalYaml(value: unknown): string {
  const w = new YamlWriter();
  if (Array.isArray(value) && value.length > 0) writeSequence(w, value, 0, true);
  else if (value !== null && typeof value === 'object' && !isEmptyMap(value) && !Array.isArray(value)) {
    writeMapping(w, value as Record<string, unknown>, 0, true);
  } else {
    writeValue(w, value, 0);
    return w.text().replace(/^ /, '');
  }
  // Go ends the document on a fresh line; our convention drops that final newline.
  const text = w.text();
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** `kubectl get <kind> <name> -o yaml` (no final newline). */
export function toYaml(obj: unknown): string {
  return marshalYaml(prepareForOutput(obj));
}

/** `kubectl get <kind> -o yaml` without a name: a `List` wrapper around the items. */
export function toYamlList(items: unknown[]): string {
  return toYaml({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });
}

// ---------------------------------------------------------------------------------------------------------
// JSON

/** Go encoding/json string escaping with HTML escaping on (json.Marshal's default). */
export function goJsonString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case '\\':
        out += '\\\\';
        continue;
      case '\n':
        out += '\\n';
        continue;
      case '\r':
        out += '\\r';
        continue;
      case '\t':
        out += '\\t';
        continue;
      case '\b':
        out += '\\b';
        continue;
      case '\f':
        out += '\\f';
        continue;
      case '<':
      case '>':
      case '&':
      case '\u2028':
      case '\u2029':
        out += `\\u${cp.toString(16).padStart(4, '0')}`;
        continue;
    }
    out += cp < 0x20 ? `\\u${cp.toString(16).padStart(4, '0')}` : ch;
  }
  return `${out}"`;
}

function jsonValue(v: unknown, indent: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const inner = `${indent}    `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[\n${v.map((x) => inner + jsonValue(x, inner)).join(',\n')}\n${indent}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${goJsonString(k)}: ${jsonValue(o[k], inner)}`).join(',\n')}\n${indent}}`;
}

/** `kubectl get <kind> <name> -o json` (4-space indent, sorted keys; no final newline). */
export function toJson(obj: unknown): string {
  return jsonValue(prepareForOutput(obj), '');
}

/** `kubectl get <kind> -o json` without a name: a `List` wrapper around the items. */
export function toJsonList(items: unknown[]): string {
  return toJson({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });
}
