/**
 * Manifest intake: the text a learner pastes → plain objects with source positions, or the error kubectl prints.
 *
 * What it mirrors (kubectl `apply -f`, k8s.io/cli-runtime resource.StreamVisitor):
 * - the stream is split into documents by apimachinery's YAMLReader: purely by lines that start with `---`,
 *   so yaml errors give line numbers relative to the document, exactly like kubectl's
 *   `error parsing x.yaml: error converting YAML to JSON: yaml: line 7: ...`;
 * - each document is decoded as YAML 1.1 by sigs.k8s.io/yaml (go-yaml v2): `yes`/`on` are booleans, `0644` is
 *   octal, timestamps stay strings, merge keys work, duplicate keys silently keep the LAST value;
 * - empty documents (comments only, `null`) are skipped; `kind: List` is flattened into its items;
 * - a document without apiVersion/kind is rejected client-side with kubectl's schema-validation text.
 *
 * Hostile input is bounded: size, document count, nesting depth, alias expansion, control characters.
 */
import { Composer, LineCounter, Parser, isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { CST, Document, Node as YamlNode, ParsedNode, Pair } from 'yaml';
import { scanYamlShape } from './scanYamlShape';
import { INPUT_BUDGET, documentTooBig, manifestTooLarge, nestedTooDeeply, tooManyDocuments } from './inputBudget';
import { utf8Length } from '../util/utf8';

export interface Position {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface ManifestDoc {
  /** 0-based among non-empty documents, after List expansion (rejected documents also take a number). */
  index: number;
  object: Record<string, unknown>;
  /**
   * Field path → position of the VALUE (`spec.template.spec.containers[0].image`; `""` is the document root).
   * `<path>#key` holds the position of the key. Map keys that are not plain identifiers use brackets:
   * `metadata.labels[app.kubernetes.io/name]`.
   */
  positions: Record<string, Position>;
  /** The document's source text. */
  text: string;
}

type ManifestErrorKind = 'yaml' | 'validation' | 'limit';

interface ManifestError {
  /** kubectl's text, without the `error: error parsing <file>: ` framing (see formatKubectlManifestError). */
  message: string;
  /** 1-based, absolute in the whole manifest. */
  line?: number;
  column?: number;
  /** Index the document has (or would have had) in ParseResult.docs numbering. */
  doc?: number;
  /** yaml = syntax (kubectl: `error parsing`), validation = client-side check (`error validating`), limit = ours. */
  kind?: ManifestErrorKind;
  /** The YAML library's own explanation when `message` uses go-yaml's wording. */
  hint?: string;
}

export interface ParseResult {
  docs: ManifestDoc[];
  /** Every problem found; kubectl stops reading a file at the first one (see docsBeforeFirstError). */
  errors: ManifestError[];
  /** Accepted by kubectl but worth a marker in the editor (duplicate keys). */
  warnings: ManifestError[];
}

interface ParseOptions {
  /**
   * `last-wins` (default) is what kubectl 1.34 does: sigs.k8s.io/yaml decodes with go-yaml v2 in non-strict
   * mode, so a repeated key silently replaces the earlier one (kubernetes/kubernetes#125885); a warning is
   * recorded. `error` rejects the document with go-yaml v3's text, as kustomize/kyaml and kubectl -k do.
   */
  duplicateKeys?: 'last-wins' | 'error';
}

const MAX_MANIFEST_BYTES = INPUT_BUDGET.bytes;
export const MAX_DOCUMENTS = INPUT_BUDGET.documents;
export const MAX_DEPTH = INPUT_BUDGET.depth;
const MAX_NODES = INPUT_BUDGET.nodesPerDocument;
const MAX_ALIAS_NODES = INPUT_BUDGET.aliasNodes;

const STOP_VALIDATE = 'if you choose to ignore these errors, turn validation off with --validate=false';
const YAML_TO_JSON = 'error converting YAML to JSON: ';

interface Chunk {
  text: string;
  /** Absolute 1-based line of the chunk's first line. */
  startLine: number;
  startOffset: number;
  /** A `--- something` separator error reported by YAMLReader instead of a document. */
  separatorError?: string;
}

/** Parses a multi-document manifest. Never throws. */
export function parseManifest(text: string, options: ParseOptions = {}): ParseResult {
  const result: ParseResult = { docs: [], errors: [], warnings: [] };
  const bytes = utf8Length(text);
  if (bytes > MAX_MANIFEST_BYTES) {
    result.errors.push({
      message: manifestTooLarge(bytes),
      kind: 'limit',
    });
    return result;
  }
  let index = 0;
  // Alias expansion is counted over the whole manifest: 1,000 documents each just under a per-document limit
  // would still be a bomb.
  const aliasBudget = { left: MAX_ALIAS_NODES };
  for (const chunk of splitDocuments(text)) {
    if (chunk.separatorError) {
      result.errors.push({
        message: chunk.separatorError,
        line: chunk.startLine - 1,
        column: 1,
        doc: index,
        kind: 'yaml',
      });
      break; // YAMLReader returns the error; the stream stops.
    }
    if (isBlank(chunk.text)) continue;
    if (index >= MAX_DOCUMENTS) {
      result.errors.push({
        message: tooManyDocuments(),
        line: chunk.startLine,
        column: 1,
        doc: index,
        kind: 'limit',
      });
      break;
    }
    const outcome = decodeChunk(chunk, index, options, result.warnings, aliasBudget, MAX_DOCUMENTS - index);
    if (outcome.kind === 'empty') continue;
    if (outcome.kind === 'error') {
      result.errors.push(outcome.error);
      index++;
      continue;
    }
    for (const doc of outcome.docs) {
      if (index >= MAX_DOCUMENTS) {
        result.errors.push({
          message: tooManyDocuments(),
          line: ('positions' in doc ? doc.positions['']?.line : undefined) ?? chunk.startLine,
          column: 1,
          doc: index,
          kind: 'limit',
        });
        return result;
      }
      if ('error' in doc) {
        result.errors.push({ ...doc.error, doc: index++ });
      } else {
        result.docs.push({ ...doc, index: index++ });
      }
    }
  }
  return result;
}

/** The exact position of `path`, or the nearest ancestor's (`a.b[2].c` → `a.b[2]` → `a.b` → `a` → root). */
export function positionOf(doc: ManifestDoc, path: string): Position | undefined {
  let p = path;
  for (;;) {
    const pos = doc.positions[p];
    if (pos) return pos;
    if (p === '') return undefined;
    p = parentPath(p);
  }
}

/** The documents kubectl sends before it stops at the first error in a file (StreamVisitor returns on error). */
export function docsBeforeFirstError(result: ParseResult): ManifestDoc[] {
  const first = result.errors.reduce(
    (min, e) => Math.min(min, e.doc ?? (e.kind === 'limit' ? -1 : Infinity)),
    Infinity,
  );
  return result.docs.filter((d) => d.index < first);
}

/** What kubectl prints for an intake error, e.g. `error: error parsing deploy.yaml: error converting YAML…`. */
export function formatKubectlManifestError(error: ManifestError, source: string): string {
  switch (error.kind) {
    case 'yaml':
      return `error: error parsing ${source}: ${error.message}`;
    case 'validation':
      return `error: error validating "${source}": ${error.message}`;
    default:
      return `error: ${error.message}`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Splitting (apimachinery pkg/util/yaml YAMLReader.Read)

function splitDocuments(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let startLine = 1;
  let line = 1;
  let pos = 0;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl + 1;
    if (text.startsWith('---', pos)) {
      const rest = text.slice(pos + 3, lineEnd).trim();
      if (rest.length > 0 && rest[0] !== '#') {
        // Valid YAML (`--- {a: 1}`), but kubectl's line splitter only allows comments after the separator.
        chunks.push({ text: text.slice(start, pos), startLine, startOffset: start });
        chunks.push({
          text: '',
          startLine: line + 1,
          startOffset: lineEnd,
          separatorError: `invalid Yaml document separator: ${rest}`,
        });
        return chunks;
      }
      chunks.push({ text: text.slice(start, pos), startLine, startOffset: start });
      start = lineEnd;
      startLine = line + 1;
    }
    if (nl === -1) break;
    pos = lineEnd;
    line++;
  }
  chunks.push({ text: text.slice(start), startLine, startOffset: start });
  return chunks;
}

function isBlank(chunk: string): boolean {
  // Fast path (a plain loop, no regex backtracking) so a stream of 100k `---` lines never reaches the YAML parser.
  let atLineStart = true;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i];
    if (c === '\n') {
      atLineStart = true;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\uFEFF') {
      continue;
    } else if (c === '#' && atLineStart) {
      const nl = chunk.indexOf('\n', i);
      if (nl === -1) return true;
      i = nl - 1;
    } else {
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Decoding one document

type RawDoc = Omit<ManifestDoc, 'index'> | { error: Omit<ManifestError, 'doc'> };
type ChunkOutcome = { kind: 'empty' } | { kind: 'error'; error: ManifestError } | { kind: 'docs'; docs: RawDoc[] };

class IntakeError extends Error {
  constructor(
    message: string,
    readonly offset?: number,
    readonly hint?: string,
  ) {
    super(message);
  }
}

function decodeChunk(
  chunk: Chunk,
  index: number,
  options: ParseOptions,
  warnings: ManifestError[],
  aliasBudget: { left: number },
  documentsLeft: number,
): ChunkOutcome {
  const lines = new LineCounter();
  const abs = (offset: number): { line: number; column: number } => {
    const p = lines.linePos(offset);
    return { line: p.line + chunk.startLine - 1, column: p.col };
  };
  const fail = (message: string, offset: number | undefined, kind: ManifestErrorKind, hint?: string): ChunkOutcome => ({
    kind: 'error',
    error: { message, ...(offset === undefined ? {} : abs(offset)), doc: index, kind, ...(hint ? { hint } : {}) },
  });

  const badChar = findControlCharacter(chunk.text);
  // The YAML parser has not run yet, so these two checks count lines themselves.
  if (badChar !== -1) {
    // go-yaml's reader rejects these before parsing (readerc.go); the message carries no line.
    return failAt(chunk, index, `${YAML_TO_JSON}yaml: control characters are not allowed`, badChar, 'yaml');
  }
  const shape = scanYamlShape(chunk.text, MAX_DEPTH);
  if (shape.tooDeepAt !== undefined) {
    return failAt(chunk, index, nestedTooDeeply(), shape.tooDeepAt, 'limit');
  }
  if (shape.nodes > MAX_NODES) {
    return failAt(chunk, index, documentTooBig(), 0, 'limit');
  }

  const tokens = Array.from(new Parser(lines.addNewLine).parse(chunk.text));
  const tooDeep = findTooDeep(tokens);
  if (tooDeep !== undefined) {
    return fail(nestedTooDeeply(), tooDeep, 'limit');
  }

  const composer = new Composer({
    version: '1.1',
    prettyErrors: false,
    uniqueKeys: false,
    // go-yaml v2 keeps timestamps as strings when decoding into interface{}, and has no sexagesimal numbers.
    customTags: (tags) =>
      tags.filter(
        (t) =>
          typeof t === 'string' ||
          (t.tag !== 'tag:yaml.org,2002:timestamp' && (t as { format?: string }).format !== 'TIME'),
      ),
  });
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens)) {
    doc ??= d; // go-yaml's Unmarshal reads only the first document of a chunk
  }
  if (!doc) return { kind: 'empty' };
  const yamlError = doc.errors[0];
  if (yamlError) {
    const relLine = lines.linePos(yamlError.pos[0]).line;
    const go = goYamlError(yamlError.code, yamlError.message, yamlError.pos[0], relLine, chunk.text);
    return fail(
      `${YAML_TO_JSON}yaml: ${go ? `${go.line > 0 ? `line ${go.line}: ` : ''}${go.text}` : `line ${relLine}: ${yamlError.message}`}`,
      yamlError.pos[0],
      'yaml',
      go ? yamlError.message : undefined,
    );
  }
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return { kind: 'empty' };

  const decoder = new NodeDecoder(doc, lines, chunk.startLine, aliasBudget);
  let value: unknown;
  try {
    value = decoder.decode(root, '', 0, true);
  } catch (e) {
    if (e instanceof IntakeError)
      return fail(e.message, e.offset, e.message.startsWith('manifest') ? 'limit' : 'yaml', e.hint);
    return fail(`${YAML_TO_JSON}${(e as Error).message}`, undefined, 'yaml');
  }
  if (decoder.duplicates.length > 0) {
    if (options.duplicateKeys === 'error') {
      const first = decoder.duplicates[0]!;
      const list = decoder.duplicates.map(
        (d) => `  line ${d.relLine}: mapping key ${goQuote(d.key)} already defined at line ${d.firstRelLine}`,
      );
      return fail(`${YAML_TO_JSON}yaml: unmarshal errors:\n${list.join('\n')}`, first.offset, 'yaml');
    }
    for (const d of decoder.duplicates) {
      warnings.push({
        message: `mapping key ${goQuote(d.key)} already defined at line ${d.firstRelLine + chunk.startLine - 1}; kubectl keeps this later value`,
        ...abs(d.offset),
        doc: index,
        kind: 'yaml',
      });
    }
  }

  const validation = objectKindErrors(value);
  if (validation.length > 0) {
    return fail(`error validating data: ${aggregate(validation)}; ${STOP_VALIDATE}`, root.range?.[0], 'validation');
  }
  const object = value as Record<string, unknown>;
  const positions = decoder.positions;

  if (typeof object.kind === 'string' && object.kind.endsWith('List') && Array.isArray(object.items)) {
    // One more item than the budget is expanded, so the caller reports the limit at the item that passes it.
    return { kind: 'docs', docs: expandList(object, positions, chunk.text, root, documentsLeft + 1) };
  }
  return { kind: 'docs', docs: [{ object, positions, text: chunk.text }] };
}

function failAt(chunk: Chunk, index: number, message: string, offset: number, kind: ManifestErrorKind): ChunkOutcome {
  let line = chunk.startLine;
  let lineStart = 0;
  for (let i = chunk.text.indexOf('\n'); i !== -1 && i < offset; i = chunk.text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { kind: 'error', error: { message, line, column: offset - lineStart + 1, doc: index, kind } };
}

/**
 * kubectl flattens lists (resource.FlattenListVisitor). For `v1 List` its client-side validator checks each item's
 * apiVersion/kind; typed lists (`DeploymentList`) hand their items the list's apiVersion and kind minus "List"
 * (unstructured.UnstructuredJSONScheme decodeToList).
 */
function expandList(
  list: Record<string, unknown>,
  positions: Record<string, Position>,
  text: string,
  root: ParsedNode,
  maxItems: number,
): RawDoc[] {
  const items = (list.items as unknown[]).slice(0, maxItems);
  const isPlainList = list.kind === 'List';
  const itemKind = (list.kind as string).slice(0, -'List'.length);
  const itemNodes = isMap(root)
    ? (root.items.find((p) => isScalar(p.key) && p.key.value === 'items')?.value as YamlNode | undefined)
    : undefined;
  // One pass over the positions, sharing them out by item: scanning all of them for each item was quadratic (a
  // List of 3,000 ConfigMaps took minutes).
  const byItem: Array<Record<string, Position>> = items.map(() => ({}));
  for (const [path, pos] of Object.entries(positions)) {
    const m = /^items\[(\d+)\]/.exec(path);
    if (!m) continue;
    const bucket = byItem[Number(m[1])];
    if (!bucket) continue;
    const rest = path.slice(m[0].length);
    if (rest === '' || rest[0] === '.' || rest[0] === '[' || rest[0] === '#') bucket[rest.replace(/^\./, '')] = pos;
  }
  return items.map((item, i): RawDoc => {
    const itemPositions = byItem[i]!;
    const itemPos = itemPositions[''];
    if (isPlainList) {
      const errs = objectKindErrors(item);
      if (errs.length > 0) {
        return {
          error: {
            message: `error validating data: ${aggregate(errs)}; ${STOP_VALIDATE}`,
            ...(itemPos ? { line: itemPos.line, column: itemPos.column } : {}),
            kind: 'validation',
          },
        };
      }
    } else if (item && typeof item === 'object' && !Array.isArray(item)) {
      const obj = item as Record<string, unknown>;
      if (obj.kind === undefined && obj.apiVersion === undefined) {
        defineData(obj, 'kind', itemKind);
        defineData(obj, 'apiVersion', list.apiVersion);
      }
    }
    const node = isSeq(itemNodes) ? (itemNodes.items[i] as YamlNode | undefined) : undefined;
    const range = rangeOf(node);
    return {
      object: item as Record<string, unknown>,
      positions: itemPositions,
      text: range ? text.slice(range[0], range[2]) : text,
    };
  });
}

/** kubectl/pkg/validation getObjectKind: the only client-side check left when the server validates fields. */
function objectKindErrors(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['invalid object to validate'];
  const obj = value as Record<string, unknown>;
  const errs: string[] = [];
  const apiVersion = obj.apiVersion;
  if (apiVersion === undefined || apiVersion === null) errs.push('apiVersion not set');
  else if (typeof apiVersion !== 'string') errs.push("apiVersion isn't string type");
  else if ((apiVersion.match(/\//g) ?? []).length > 1) errs.push(`unexpected GroupVersion string: ${apiVersion}`);
  const kind = obj.kind;
  if (kind === undefined || kind === null) errs.push('kind not set');
  else if (typeof kind !== 'string') errs.push("kind isn't string type");
  return errs;
}

/** utilerrors.NewAggregate(...).Error(): one error alone, several in brackets. */
function aggregate(errs: string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

// ---------------------------------------------------------------------------------------------------------------
// YAML nodes → plain data with positions

interface Duplicate {
  key: string;
  offset: number;
  relLine: number;
  firstRelLine: number;
}

class NodeDecoder {
  readonly positions: Record<string, Position> = Object.create(null) as Record<string, Position>;
  readonly duplicates: Duplicate[] = [];
  private aliasDepth = 0;
  /** Collections being decoded, to catch an anchor whose value contains an alias to itself. */
  private readonly open = new Set<YamlNode>();

  constructor(
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly startLine: number,
    private readonly aliasBudget: { left: number },
  ) {}

  decode(node: YamlNode | null | undefined, path: string, depth: number, record: boolean): unknown {
    if (depth > MAX_DEPTH) {
      throw new IntakeError(nestedTooDeeply(), rangeOf(node)?.[0]);
    }
    if (this.aliasDepth > 0 && --this.aliasBudget.left < 0) {
      throw new IntakeError(`${YAML_TO_JSON}yaml: document contains excessive aliasing`, rangeOf(node)?.[0]);
    }
    if (record && node) this.record(path, rangeOf(node));
    if (node === null || node === undefined) return null;
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target)
        throw new IntakeError(`${YAML_TO_JSON}yaml: unknown anchor '${node.source}' referenced`, rangeOf(node)?.[0]);
      if (this.open.has(target)) {
        throw new IntakeError(`${YAML_TO_JSON}yaml: anchor '${node.source}' value contains itself`, rangeOf(node)?.[0]);
      }
      this.aliasDepth++;
      try {
        return this.decode(target, path, depth, false);
      } finally {
        this.aliasDepth--;
      }
    }
    if (isScalar(node)) return scalarValue(node.value, node.source, rangeOf(node)?.[0]);
    if (isSeq(node)) {
      this.open.add(node);
      const out = node.items.map((item, i) => this.decode(item as YamlNode, `${path}[${i}]`, depth + 1, record));
      this.open.delete(node);
      return out;
    }
    if (isMap(node)) {
      this.open.add(node);
      const out: Record<string, unknown> = {};
      const keyLine: Record<string, number> = Object.create(null) as Record<string, number>;
      for (const pair of node.items as Array<Pair<YamlNode, YamlNode>>) {
        if (isMergeKey(pair.key)) {
          this.merge(out, pair.value, path, depth, record && !isAlias(pair.value), pair);
          continue;
        }
        const key = keyString(pair.key);
        const childPath = joinPath(path, key);
        const keyRange = rangeOf(pair.key);
        if (key in keyLine && this.aliasDepth === 0 && keyRange) {
          this.duplicates.push({
            key,
            offset: keyRange[0],
            relLine: this.lines.linePos(keyRange[0]).line,
            firstRelLine: keyLine[key]!,
          });
        }
        if (keyRange) keyLine[key] = this.lines.linePos(keyRange[0]).line;
        if (record && keyRange) this.record(`${childPath}#key`, keyRange);
        const value = pair.value === null ? null : this.decode(pair.value, childPath, depth + 1, record);
        if (record && pair.value === null && keyRange) this.record(childPath, [keyRange[1], keyRange[1], keyRange[1]]);
        defineData(out, key, value);
      }
      this.open.delete(node);
      return out;
    }
    return null;
  }

  /** `<<: *base` / `<<: [*a, *b]`: go-yaml v2 applies the merge where it appears, later keys override. */
  private merge(
    out: Record<string, unknown>,
    value: YamlNode | null,
    path: string,
    depth: number,
    record: boolean,
    pair: Pair,
  ): void {
    const sources = isSeq(value) ? (value.items as YamlNode[]) : [value];
    for (const source of sources) {
      const merged = this.decode(source, path, depth, false);
      if (merged === null || typeof merged !== 'object' || Array.isArray(merged)) {
        throw new IntakeError(
          `${YAML_TO_JSON}yaml: map merge requires map or sequence of maps as the value`,
          rangeOf(value)?.[0],
        );
      }
      for (const [k, v] of Object.entries(merged)) {
        defineData(out, k, v);
        const keyRange = rangeOf(pair.key);
        if (record && keyRange) this.record(joinPath(path, k), keyRange);
      }
    }
  }

  private record(path: string, range: [number, number, number] | undefined): void {
    if (!range) return;
    const start = this.lines.linePos(range[0]);
    const end = this.lines.linePos(range[1]);
    this.positions[path] = {
      line: start.line + this.startLine - 1,
      column: start.col,
      endLine: end.line + this.startLine - 1,
      endColumn: end.col,
    };
  }
}

function scalarValue(value: unknown, source: string | undefined, offset: number | undefined): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    // sigs.k8s.io/yaml then json.Marshal: float64 ±Inf and NaN have no JSON form.
    const text = Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
    throw new IntakeError(`${YAML_TO_JSON}json: unsupported value: ${text}`, offset);
  }
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array || value instanceof Date) return source ?? String(value);
  if (value === undefined) return null;
  return value;
}

function keyString(key: YamlNode | null): string {
  if (key === null) return 'null';
  if (isScalar(key)) {
    const v = key.value;
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    return key.source ?? String(v);
  }
  // Complex keys (`? [a, b]`) have no JSON form; keep their source text so nothing is lost silently.
  return String(key);
}

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && (typeof key.value === 'symbol' || (key.value === '<<' && key.type === 'PLAIN'));
}

function rangeOf(node: unknown): [number, number, number] | undefined {
  const r = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return Array.isArray(r) ? r : undefined;
}

/** Own, enumerable data property: `__proto__` and `constructor` become plain keys, no prototype is touched. */
function defineData(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

const SIMPLE_KEY = /^[A-Za-z0-9_$-]+$/;
function joinPath(parent: string, key: string): string {
  if (!SIMPLE_KEY.test(key)) return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function parentPath(path: string): string {
  if (path.endsWith(']')) {
    const open = path.lastIndexOf('[');
    return open <= 0 ? '' : path.slice(0, open);
  }
  const dot = path.lastIndexOf('.');
  const bracket = path.lastIndexOf(']');
  if (dot > bracket) return path.slice(0, dot);
  return bracket >= 0 ? path.slice(0, bracket + 1) : '';
}

// ---------------------------------------------------------------------------------------------------------------
// Limits and wording

/** Offset of the first code point go-yaml's reader refuses, or -1 (yaml readerc.go: printable check). */
function findControlCharacter(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) continue;
    if (c === 0x09 || c === 0x0a || c === 0x0d || c === 0x85) continue;
    if ((c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd)) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

/** Walks the CST without recursion; returns the offset where nesting first exceeds MAX_DEPTH. */
function findTooDeep(tokens: CST.Token[]): number | undefined {
  const stack: Array<[CST.Token, number]> = tokens.map((t) => [t, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return 'offset' in token ? token.offset : undefined;
    switch (token.type) {
      case 'document':
        if (token.value) stack.push([token.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        for (const item of token.items) {
          const it = item as { key?: CST.Token | null; value?: CST.Token | null };
          if (it.key) stack.push([it.key, depth + 1]);
          if (it.value) stack.push([it.value, depth + 1]);
        }
        break;
      default:
        break;
    }
  }
  return undefined;
}

/**
 * go-yaml's wording for the mistakes learners make most, when the yaml library's diagnosis is the same one.
 * Anything else keeps the library's text (and `hint` always carries it).
 */
/**
 * go-yaml v2's text and line for the error the `yaml` package found (kubectl decodes with sigs.k8s.io/yaml, which
 * is go-yaml v2; every case below was checked against kubectl v1.34.5 `apply --dry-run=client`). The two parsers
 * stop at different places, so the line is recomputed from go-yaml's rules (yaml.go `parser.fail`): a scanner
 * error names the 1-based line of the scanner's mark, a parser error `problem_mark.line` unincremented, that is
 * the line before the offending token.
 */
function goYamlError(
  code: string,
  message: string,
  offset: number,
  relLine: number,
  text: string,
): { text: string; line: number } | undefined {
  const lines = text.split('\n');
  const at = (n: number) => lines[n - 1] ?? '';
  const isBlank = (l: string) => l.trim() === '';
  const indentOf = (l: string) => l.length - l.trimStart().length;
  /** The first non-blank line after `n` (comments count: the scanner's mark stops on them), else end of stream. */
  const nextNonBlank = (n: number) => {
    for (let i = n + 1; i <= lines.length; i++) if (!isBlank(at(i))) return i;
    return lines.length;
  };
  const previousContent = (n: number) => {
    for (let i = n - 1; i >= 1; i--) if (!isBlank(at(i)) && !at(i).trimStart().startsWith('#')) return i;
    return 0;
  };
  if (code === 'BLOCK_AS_IMPLICIT_KEY' && message.startsWith('Nested mappings')) {
    // Scanner (yaml_parser_fetch_value): reported at the `:` that cannot start a value, which may be on a later
    // line than the key when the key is a multi-line plain scalar (`name: x` / `    labels: {}`).
    const colon = /:(?=[ \t\r\n]|$)/g;
    colon.lastIndex = offset;
    const m = colon.exec(text);
    const line = m ? text.slice(0, m.index).split('\n').length : relLine;
    return { text: 'mapping values are not allowed in this context', line };
  }
  if (code === 'TAB_AS_INDENT') {
    // A tab that starts a line is read by yaml_parser_scan_plain_scalar when the line before ended in a plain
    // scalar (it might continue), otherwise by yaml_parser_fetch_next_token.
    const prev = at(previousContent(relLine));
    const plainValueBefore = !/(:|-|[|>][-+0-9]*|["'\]}])\s*$/.test(prev) && !/\s#/.test(prev);
    return {
      text: plainValueBefore
        ? 'found a tab character that violates indentation'
        : 'found character that cannot start any token',
      line: relLine,
    };
  }
  if (code === 'MULTILINE_IMPLICIT_KEY') {
    // The simple key goes stale (yaml_parser_stale_simple_keys) at the `:` that ends the multi-line key.
    for (let i = relLine + 1; i <= lines.length; i++)
      if (/:(\s|$)/.test(at(i))) return { text: "could not find expected ':'", line: i };
    return { text: "could not find expected ':'", line: lines.length };
  }
  if (code === 'MISSING_CHAR' && message.startsWith('Implicit map keys need to be followed'))
    return { text: "could not find expected ':'", line: nextNonBlank(relLine) };
  if (code === 'BAD_INDENT' && message.startsWith('All mapping items must start at the same column')) {
    // Parser errors (yaml_parser_parse_block_mapping_key / _block_sequence_entry): one line less. A key at the
    // column of the `-` items before it ends a block sequence that is not indentless.
    const prev = at(previousContent(relLine));
    const inSequence = indentOf(prev) === indentOf(at(relLine)) && /^\s*-(\s|$)/.test(prev);
    return {
      text: inSequence ? "did not find expected '-' indicator" : 'did not find expected key',
      line: relLine - 1,
    };
  }
  if (code === 'MISSING_CHAR' && message.startsWith('Sequence item without - indicator'))
    return { text: 'did not find expected key', line: relLine - 1 };
  if (message.includes('must be sufficiently indented and end with a'))
    return {
      text: message.endsWith(']') ? "did not find expected ',' or ']'" : "did not find expected ',' or '}'",
      line: relLine - 1,
    };
  if (code === 'MISSING_CHAR' && message.startsWith('Missing closing'))
    return { text: 'found unexpected end of stream', line: relLine };
  return undefined;
}

/** Go's %q for the ASCII keys manifests use. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
