import { describe, expect, it } from 'vitest';
import { scanYamlShape } from './scanYamlShape';

const scanDepth = (text: string, limit: number): number | undefined => scanYamlShape(text, limit).tooDeepAt;

describe('scanYamlShape', () => {
  it('accepts ordinary manifests, whatever brackets their strings contain', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'data:',
      '  script: |',
      '    [[[[[[[[[[ {{{{{{{{ not yaml',
      '      if [ -f x ]; then [[ y ]]; fi',
      '  cmd: echo [a [b [c [d',
      '  quoted: "[[[[[[ \\" [[[["',
      "  single: '[[[[ it''s [[['",
      '  list: [a, [b, {c: [d]}]]',
      '# [[[[[[[[[[[[',
      'spec:',
      '  - - - x',
    ].join('\n');
    expect(scanDepth(text, 10)).toBeUndefined();
    expect(scanDepth(text, 5)).toBeDefined(); // `list:` really nests 6 deep
    // Unclosed brackets inside scalars must not accumulate across many lines.
    expect(scanDepth('a: echo [x\n'.repeat(500), 3)).toBeUndefined();
  });

  it('counts flow brackets, indentation levels and compact indicators', () => {
    // The top-level line counts as one level.
    expect(scanDepth('['.repeat(100), 100)).toBe(99);
    expect(scanDepth('['.repeat(99) + ']'.repeat(99), 100)).toBeUndefined();
    expect(scanDepth('k: ' + '{a: '.repeat(150), 100)).toBeDefined();
    let block = '';
    for (let i = 0; i < 150; i++) block += ' '.repeat(i) + 'a:\n';
    expect(scanDepth(block, 100)).toBeDefined();
    expect(scanDepth('- '.repeat(150) + 'x', 100)).toBeDefined();
  });

  it('is linear on two million brackets', () => {
    expect(scanDepth('['.repeat(2_000_000), 100)).toBe(99);
    expect(scanDepth('"' + '['.repeat(2_000_000), 100)).toBeUndefined(); // all inside one quoted scalar
  });

  it('estimates the number of nodes', () => {
    expect(scanYamlShape('a: 1\nb:\n  - x\n  - y\n', 100).nodes).toBe(4);
    expect(scanYamlShape('a: [1, 2, 3]\n', 100).nodes).toBe(3);
    expect(scanYamlShape('s: |\n  line\n  line\n', 100).nodes).toBe(1);
  });
});
