import { describe, expect, it } from 'vitest';
import { executeJsonPath, goPrint, relaxedJsonPath } from './jsonPath';

const list = {
  apiVersion: 'v1',
  kind: 'List',
  items: [
    {
      metadata: { name: 'a', labels: { app: 'web' } },
      status: {
        podIP: '10.244.1.2',
        conditions: [
          { type: 'Initialized', status: 'True' },
          { type: 'Ready', status: 'False' },
        ],
        containerStatuses: [{ restartCount: 2 }],
      },
    },
    { metadata: { name: 'b' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
  ],
};

// client-go/util/jsonpath jsonpath_test.go and kubectl's documented examples (kubectl get --help, jsonpath docs).
describe('kubectl JSONPath', () => {
  it('prints several results of one action separated by spaces', () => {
    expect(executeJsonPath('{.items[*].metadata.name}', list)).toBe('a b');
    expect(executeJsonPath('{.items[0].status.podIP}', list)).toBe('10.244.1.2');
    expect(executeJsonPath('{.items[-1].metadata.name}', list)).toBe('b');
    expect(executeJsonPath('{.items[0:1].metadata.name}', list)).toBe('a');
  });

  it('ranges, literals and text outside actions', () => {
    expect(executeJsonPath('{range .items[*]}{.metadata.name}{"\\t"}{.status.podIP}{"\\n"}{end}', list)).toBe(
      'a\t10.244.1.2\nb\t\n',
    );
    expect(executeJsonPath('name: {.items[0].metadata.name}', list)).toBe('name: a');
  });

  it('filters, recursive descent, quoted keys and missing keys', () => {
    expect(executeJsonPath('{.items[*].status.conditions[?(@.type=="Ready")].status}', list)).toBe('False True');
    expect(executeJsonPath('{..restartCount}', list)).toBe('2');
    expect(executeJsonPath("{.items[0].metadata.labels['app']}", list)).toBe('web');
    expect(executeJsonPath('{.items[0].metadata.labels.app\\.kubernetes\\.io/name}', list)).toBe('');
    expect(executeJsonPath('{.nope}', list)).toBe('');
  });

  it('prints maps and lists as compact JSON, scalars as Go prints them', () => {
    expect(executeJsonPath('{.items[0].metadata.labels}', list)).toBe('{"app":"web"}');
    expect(executeJsonPath('{.items[0].status.containerStatuses[0].restartCount}', list)).toBe('2');
    expect(goPrint({ b: 1, a: ['x', 'y'] })).toBe('map[a:[x y] b:1]');
  });

  it('relaxes custom-columns and --sort-by paths', () => {
    expect(relaxedJsonPath('.metadata.name')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('metadata.name')).toBe('{.metadata.name}');
    expect(relaxedJsonPath('{.metadata.name}')).toBe('{.metadata.name}');
  });
});
