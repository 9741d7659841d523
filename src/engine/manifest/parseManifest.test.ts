import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENTS,
  docsBeforeFirstError,
  formatKubectlManifestError,
  parseManifest,
  positionOf,
} from './parseManifest';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app.kubernetes.io/name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
          resources:
            limits: {cpu: 1, memory: 128Mi}
`;

describe('parseManifest: documents and values', () => {
  it('parses a deployment with positions of values and keys', () => {
    const r = parseManifest(DEPLOYMENT);
    expect(r.errors).toEqual([]);
    expect(r.docs).toHaveLength(1);
    const doc = r.docs[0]!;
    expect(doc.index).toBe(0);
    expect(doc.object.kind).toBe('Deployment');
    expect(doc.positions['spec.template.spec.containers[0].image']).toEqual({
      line: 17,
      column: 18,
      endLine: 17,
      endColumn: 28,
    });
    expect(doc.positions['spec.template.spec.containers[0].image#key']).toMatchObject({ line: 17, column: 11 });
    expect(doc.positions['spec.replicas']).toMatchObject({ line: 8, column: 13 });
    expect(doc.positions['metadata.labels[app.kubernetes.io/name]']).toMatchObject({ line: 6, column: 29 });
    expect(doc.positions['']).toMatchObject({ line: 1, column: 1 });
    expect(doc.text).toBe(DEPLOYMENT);
  });

  it('keeps YAML ints as numbers and quoted values as strings', () => {
    const r = parseManifest('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  x: 1\n  z: "1"\n  cpu: 0.5\n');
    const spec = r.docs[0]!.object.spec as Record<string, unknown>;
    expect(spec).toEqual({ x: 1, z: '1', cpu: 0.5 });
  });

  it('decodes YAML 1.1 like go-yaml v2 (octal modes, yes/no, timestamps stay strings, no sexagesimal)', () => {
    const r = parseManifest(
      'apiVersion: v1\nkind: X\nmode: 0644\nflag: yes\nswitch: off\ndate: 2024-01-01\nport: 22:22\nhex: 0x1F\nempty:\ntilde: ~\ny: 1\n',
    );
    // A bare `y` key is the boolean true in YAML 1.1, and sigs.k8s.io/yaml turns it into the key "true".
    expect(r.docs[0]!.object).toMatchObject({
      mode: 420,
      flag: true,
      switch: false,
      date: '2024-01-01',
      port: '22:22',
      hex: 31,
      empty: null,
      tilde: null,
      true: 1,
    });
  });

  it('supports anchors, aliases and merge keys', () => {
    const r = parseManifest('apiVersion: v1\nkind: X\nbase: &b {a: 1, b: 2}\nuse:\n  <<: *b\n  b: 3\nlist: [*b]\n');
    expect(r.errors).toEqual([]);
    expect(r.docs[0]!.object).toMatchObject({ use: { a: 1, b: 3 }, list: [{ a: 1, b: 2 }] });
  });

  it('ignores empty documents and comment-only documents', () => {
    const r = parseManifest(
      '---\n# only a comment\n---\n\n---\nnull\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.docs.map((d) => d.index)).toEqual([0]);
    expect(r.docs[0]!.positions['metadata.name']).toMatchObject({ line: 10 });
  });

  it('numbers documents across the stream and gives each its own text', () => {
    const r = parseManifest(
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n',
    );
    expect(r.docs.map((d) => [d.index, (d.object.metadata as { name: string }).name])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
    expect(r.docs[1]!.text).toBe('apiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n');
    expect(r.docs[1]!.positions['metadata.name']).toMatchObject({ line: 7 });
  });

  it('expands kind: List into separate documents with re-based positions', () => {
    const r = parseManifest(
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: a}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.docs.map((d) => [d.index, d.object.kind])).toEqual([
      [0, 'Namespace'],
      [1, 'ConfigMap'],
    ]);
    expect(r.docs[1]!.positions['metadata.name']).toMatchObject({ line: 9 });
    expect(r.docs[1]!.positions['']).toMatchObject({ line: 7, column: 3 });
    expect(r.docs[1]!.text).toContain('kind: ConfigMap');
  });

  it('gives typed list items the list kind', () => {
    const r = parseManifest('apiVersion: apps/v1\nkind: DeploymentList\nitems:\n- metadata: {name: a}\n');
    expect(r.docs[0]!.object).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
  });

  it('positionOf falls back to the nearest ancestor', () => {
    const doc = parseManifest(DEPLOYMENT).docs[0]!;
    expect(positionOf(doc, 'spec.template.spec.containers[0].image')).toMatchObject({ line: 17 });
    expect(positionOf(doc, 'spec.template.spec.containers[0].imagePolicy')).toEqual(
      doc.positions['spec.template.spec.containers[0]'],
    );
    expect(positionOf(doc, 'spec.template.spec.containers[3].ports[0].containerPort')).toEqual(
      doc.positions['spec.template.spec.containers'],
    );
    expect(positionOf(doc, 'metadata.labels[foo/bar].x')).toEqual(doc.positions['metadata.labels']);
    expect(positionOf(doc, 'nothing.here')).toEqual(doc.positions['']);
  });
});

describe('parseManifest: kubectl errors', () => {
  it('YAML syntax errors use go-yaml wording with the document-relative line', () => {
    const text =
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: app: web\n';
    const r = parseManifest(text);
    expect(r.errors).toHaveLength(1);
    const e = r.errors[0]!;
    // kubectl splits the stream first, so the line counts from the start of the second document.
    expect(e.message).toBe(
      'error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
    );
    expect(e).toMatchObject({ line: 9, doc: 1, kind: 'yaml' });
    expect(e.column).toBeGreaterThan(0);
    expect(e.hint).toMatch(/Nested mappings/);
    expect(formatKubectlManifestError(e, 'pod.yaml')).toBe(
      'error: error parsing pod.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
    );
    expect(docsBeforeFirstError(r).map((d) => d.index)).toEqual([0]);
  });

  // go-yaml v2 (sigs.k8s.io/yaml) stops at other places than the `yaml` package and numbers lines by its own rule
  // (yaml.go parser.fail: scanner errors 1-based, parser errors the line before). Every expected line below is what
  // kubectl v1.34.5 printed for `kubectl apply -f x.yaml --dry-run=client`.
  const KUBECTL_1_34_5: Array<[string, string]> = [
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a: b\n    image: b\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 7: mapping values are not allowed in this context',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: a: b\nspec:\n  containers: []\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n    labels: {}\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context',
    ],
    [
      'apiVersion: v1\n kind: Pod\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n\tname: x\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 4: found character that cannot start any token',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n\timage: b\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 8: found a tab character that violates indentation',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "x"\n\tfoo: y\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: found character that cannot start any token',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata\n  name: x\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 4: could not find expected ':'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata\n  foo\n  name: x\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: could not find expected ':'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  foo\n\n# hi\nspec: {}\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 7: could not find expected ':'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  foo\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 6: could not find expected ':'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n labels: {}\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 4: did not find expected key',
    ],
    [
      'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: a\n    image: b\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: did not find expected '-' indicator",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: a\n    image: b\n   x: y\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 8: did not find expected key',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 3: did not find expected ',' or '}'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x\nspec:\n  containers: []\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 3: did not find expected ',' or '}'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  finalizers: [a, b\nspec: {}\n',
      "error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: did not find expected ',' or ']'",
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: "x\n',
      'error: error parsing x.yaml: error converting YAML to JSON: yaml: line 5: found unexpected end of stream',
    ],
  ];
  for (const [text, printed] of KUBECTL_1_34_5) {
    it(`prints what kubectl v1.34.5 prints: ${printed.split('yaml: ').at(-1)}`, () => {
      const r = parseManifest(text);
      expect(formatKubectlManifestError(r.errors[0]!, 'x.yaml')).toBe(printed);
    });
  }

  it('tab indentation', () => {
    const r = parseManifest('apiVersion: v1\nkind: Pod\nmetadata:\n\tname: p\n');
    expect(r.errors[0]!.message).toBe(
      'error converting YAML to JSON: yaml: line 4: found character that cannot start any token',
    );
    expect(r.errors[0]).toMatchObject({ line: 4, column: 1 });
  });

  it('a missing colon', () => {
    const r = parseManifest('apiVersion: v1\nkind: Pod\nmetadata:\n  name p\n  labels: {}\n');
    expect(r.errors[0]!.message).toMatch(
      /^error converting YAML to JSON: yaml: line \d+: could not find expected ':'$/,
    );
  });

  it('keeps other library messages but always gives line and column', () => {
    const r = parseManifest('apiVersion: v1\nkind: Pod\nspec: [1, 2\n');
    expect(r.errors[0]!.message).toMatch(/^error converting YAML to JSON: yaml: line \d+: /);
    expect(r.errors[0]!.line).toBeGreaterThan(0);
    expect(r.errors[0]!.column).toBeGreaterThan(0);
  });

  it('kubectl only allows comments after a --- separator', () => {
    const r = parseManifest('apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n--- {a: 1}\n');
    expect(r.errors[0]).toMatchObject({ message: 'invalid Yaml document separator: {a: 1}', line: 4, kind: 'yaml' });
    expect(r.docs).toHaveLength(1);
  });

  it('missing apiVersion and kind (kubectl client-side validation)', () => {
    const r = parseManifest('metadata:\n  name: web\n');
    expect(r.errors[0]).toMatchObject({
      message:
        'error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false',
      line: 1,
      doc: 0,
      kind: 'validation',
    });
    expect(formatKubectlManifestError(r.errors[0]!, 'x.yaml')).toBe(
      'error: error validating "x.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false',
    );
  });

  it('missing kind only', () => {
    const r = parseManifest('apiVersion: apps/v1\nmetadata: {name: web}\n');
    expect(r.errors[0]!.message).toBe(
      'error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false',
    );
  });

  it('non-string kind / apiVersion and a malformed group version', () => {
    expect(parseManifest('apiVersion: 1\nkind: 2\n').errors[0]!.message).toContain(
      "[apiVersion isn't string type, kind isn't string type]",
    );
    expect(parseManifest('apiVersion: a/b/c\nkind: Pod\n').errors[0]!.message).toContain(
      'unexpected GroupVersion string: a/b/c',
    );
  });

  it('a scalar or a top-level list is not an object', () => {
    for (const text of ['just a string\n', '- 1\n- 2\n', '42\n']) {
      const r = parseManifest(text);
      expect(r.errors[0]).toMatchObject({
        message:
          'error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false',
        line: 1,
        kind: 'validation',
      });
    }
  });

  it('checks each item of a v1 List', () => {
    const r = parseManifest('apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata: {name: a}\n');
    expect(r.errors[0]).toMatchObject({ message: expect.stringContaining('apiVersion not set'), line: 4, doc: 0 });
  });

  it('duplicate keys: kubectl keeps the last value (warning), or errors in strict mode', () => {
    const text = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  replicas: 3\n';
    const lax = parseManifest(text);
    expect(lax.errors).toEqual([]);
    expect((lax.docs[0]!.object.spec as { replicas: number }).replicas).toBe(3);
    expect(lax.warnings[0]).toMatchObject({ line: 7, column: 3, doc: 0 });
    expect(lax.warnings[0]!.message).toContain('mapping key "replicas" already defined at line 6');

    const strict = parseManifest(text, { duplicateKeys: 'error' });
    expect(strict.errors[0]).toMatchObject({
      message:
        'error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: mapping key "replicas" already defined at line 6',
      line: 7,
      column: 3,
      kind: 'yaml',
    });
  });

  it('an anchor that contains an alias to itself', () => {
    const r = parseManifest('apiVersion: v1\nkind: X\na: &a [1, *a]\n');
    expect(r.errors[0]!.message).toBe("error converting YAML to JSON: yaml: anchor 'a' value contains itself");
  });

  it('an unknown anchor', () => {
    const r = parseManifest('apiVersion: v1\nkind: X\na: *nope\n');
    expect(r.errors[0]!.message).toBe("error converting YAML to JSON: yaml: unknown anchor 'nope' referenced");
  });
});

describe('parseManifest: hostile input', () => {
  it('rejects input larger than 2 MiB', () => {
    const r = parseManifest('#'.repeat(5 * 1024 * 1024));
    expect(r.errors).toEqual([{ message: 'manifest is too large (5.0 MiB; the limit is 2 MiB)', kind: 'limit' }]);
    expect(r.docs).toEqual([]);
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    const r = parseManifest('# ' + '中'.repeat(800_000));
    expect(r.errors[0]!.message).toBe('manifest is too large (2.3 MiB; the limit is 2 MiB)');
  });

  it('survives 10,000 nested flow sequences', () => {
    const open = parseManifest('['.repeat(10_000));
    expect(open.errors[0]).toMatchObject({
      message: 'manifest is nested too deeply (more than 100 levels)',
      kind: 'limit',
    });
    const closed = parseManifest('['.repeat(10_000) + ']'.repeat(10_000));
    expect(closed.errors[0]!.message).toBe('manifest is nested too deeply (more than 100 levels)');
    const maps = parseManifest('{a: '.repeat(5_000) + '1' + '}'.repeat(5_000));
    expect(maps.errors[0]!.message).toBe('manifest is nested too deeply (more than 100 levels)');
  });

  it('survives deeply indented block mappings', () => {
    let text = 'apiVersion: v1\nkind: X\n';
    for (let i = 0; i < 1500; i++) text += ' '.repeat(i) + 'a:\n';
    const r = parseManifest(text);
    expect(r.errors[0]).toMatchObject({ message: 'manifest is nested too deeply (more than 100 levels)' });
    expect(r.errors[0]!.line).toBeGreaterThan(100);
  });

  it('accepts 100 levels', () => {
    const r = parseManifest('apiVersion: v1\nkind: X\nv: ' + '['.repeat(98) + ']'.repeat(98) + '\n');
    expect(r.errors).toEqual([]);
  });

  it('stops alias bombs (billion laughs)', () => {
    const lines = ['apiVersion: v1', 'kind: X', 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    // Bounded work: vitest's 5 s timeout fails the test if expansion ran away.
    const r = parseManifest(lines.join('\n') + '\n');
    expect(r.errors[0]!.message).toBe('error converting YAML to JSON: yaml: document contains excessive aliasing');
    expect(r.docs).toEqual([]);
  });

  it('keeps __proto__ and constructor as plain data and pollutes nothing', () => {
    const r = parseManifest(
      'apiVersion: v1\nkind: ConfigMap\n__proto__: {polluted: yes}\nconstructor: {prototype: {polluted: yes}}\ndata:\n  __proto__: x\n',
    );
    expect(r.errors).toEqual([]);
    const obj = r.docs[0]!.object;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(obj, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(obj, '__proto__')!.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(Object.keys(obj.data as object)).toEqual(['__proto__']);
    expect((obj as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(obj)).toContain('constructor');
  });

  it('rejects NUL and other control characters like go-yaml', () => {
    const r = parseManifest('apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\u0000b\n');
    expect(r.errors[0]).toMatchObject({
      message: 'error converting YAML to JSON: yaml: control characters are not allowed',
      line: 4,
      column: 10,
      kind: 'yaml',
    });
    expect(parseManifest('a: \u0007\n').errors[0]!.message).toContain('control characters are not allowed');
    expect(parseManifest('apiVersion: v1\nkind: ConfigMap\ndata: {k: "é 中 😀"}\n').errors).toEqual([]);
  });

  it('accepts a byte-order mark', () => {
    expect(parseManifest('\uFEFFapiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n').docs).toHaveLength(1);
  });

  it(`accepts at most ${MAX_DOCUMENTS} documents`, () => {
    const doc = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n';
    expect(parseManifest(Array(MAX_DOCUMENTS).fill(doc).join('---\n')).docs).toHaveLength(MAX_DOCUMENTS);
    const r = parseManifest(
      Array(MAX_DOCUMENTS + 1)
        .fill(doc)
        .join('---\n'),
    );
    expect(r.docs).toHaveLength(MAX_DOCUMENTS);
    expect(r.errors[0]).toMatchObject({
      message: 'manifest has more than 1000 documents (the limit is 1000, List items included)',
      kind: 'limit',
    });
  });

  it('counts the items of a List against the same document budget, and expands a large List in linear time', () => {
    // A List of 3,000 ConfigMaps went past the limit and spent minutes sharing out positions per item.
    const item = (i: number) =>
      `- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n  data:\n    k: v\n`;
    const list = (n: number, from = 0) =>
      'apiVersion: v1\nkind: List\nitems:\n' + Array.from({ length: n }, (_, i) => item(from + i)).join('');
    // Bounded by the test's timeout: the quadratic expansion took minutes here.
    const r = parseManifest(list(3000));
    expect(r.docs).toHaveLength(MAX_DOCUMENTS);
    expect(r.docs[999]!.positions['metadata.name']).toMatchObject({ line: 3 + 999 * 6 + 4 });
    expect(r.errors).toEqual([
      {
        message: 'manifest has more than 1000 documents (the limit is 1000, List items included)',
        line: 3 + 1000 * 6 + 1,
        column: 1,
        doc: 1000,
        kind: 'limit',
      },
    ]);
    // Documents and List items share one count.
    const mixed = parseManifest(`${list(600)}---\n${list(600, 600)}`);
    expect(mixed.docs).toHaveLength(MAX_DOCUMENTS);
    expect(mixed.errors[0]).toMatchObject({ doc: 1000, kind: 'limit' });
  }, 20_000);

  it('counts alias expansion over the whole manifest, not per document', () => {
    // 40 documents each expanding ~5,000 nodes through aliases: under any per-document bound, over the total one.
    const doc =
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: &a [' +
      Array(50).fill('1').join(',') +
      ']\ny: [' +
      Array(100).fill('*a').join(',') +
      ']\n';
    expect(parseManifest(doc).errors).toEqual([]);
    const r = parseManifest(Array(40).fill(doc).join('---\n'));
    expect(r.errors[0]).toMatchObject({
      message: 'error converting YAML to JSON: yaml: document contains excessive aliasing',
    });
  });

  it('is fast on a long run of empty documents', () => {
    const r = parseManifest('---\n'.repeat(400_000));
    expect(r.docs).toEqual([]);
  });

  it('refuses a document with hundreds of thousands of items quickly', () => {
    const r = parseManifest('apiVersion: v1\nkind: X\nitems:\n' + '- x\n'.repeat(400_000));
    expect(r.errors[0]).toMatchObject({
      message: 'manifest document is too big (more than 100000 fields and items)',
      line: 1,
      kind: 'limit',
    });
  });

  it('turns NaN/Inf into the JSON marshal error', () => {
    expect(parseManifest('apiVersion: v1\nkind: X\nv: .inf\n').errors[0]!.message).toBe(
      'error converting YAML to JSON: json: unsupported value: +Inf',
    );
  });

  it('never throws on random garbage', () => {
    let seed = 42;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const alphabet = [
      'a',
      ':',
      ' ',
      '\n',
      '-',
      '[',
      ']',
      '{',
      '}',
      '&x',
      '*x',
      '<<',
      '"',
      "'",
      '|',
      '>',
      '#',
      '---\n',
      '\t',
      '?',
      ',',
    ];
    for (let n = 0; n < 300; n++) {
      let s = '';
      const len = Math.floor(rand() * 200);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
      expect(() => parseManifest(s)).not.toThrow();
    }
  });
});
