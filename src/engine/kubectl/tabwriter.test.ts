import { describe, it, expect } from 'vitest';
import { DESCRIBE_TABWRITER, formatTable, tabwrite } from './tabwriter';

describe('tabwrite (Go text/tabwriter)', () => {
  it('pads each column to its widest cell plus padding and leaves the last cell unpadded', () => {
    expect(
      formatTable([
        ['NAME', 'READY', 'AGE'],
        ['web', '3/3', '45s'],
      ]),
    ).toBe('NAME   READY   AGE\nweb    3/3     45s');
  });

  it('never makes a table column narrower than minwidth 6 (cli-runtime GetNewTabWriter)', () => {
    expect(
      formatTable([
        ['A', 'B'],
        ['x', 'y'],
      ]),
    ).toBe('A     B\nx     y');
  });

  it('aligns a column only across a contiguous block of lines that have it', () => {
    const text = 'Name:\tweb\nIPs:\n  IP:\t10.0.0.1\nControlled By:\tReplicaSet/x\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe(
      'Name:  web\nIPs:\n  IP:           10.0.0.1\nControlled By:  ReplicaSet/x\n',
    );
  });

  it('pads empty cells and cells before an empty last cell', () => {
    expect(tabwrite('a\t\tb\nccc\td\te\n', DESCRIBE_TABWRITER)).toBe('a       b\nccc  d  e\n');
    expect(tabwrite('Kube-Proxy Version:\t\nKubelet:\tv1\n', DESCRIBE_TABWRITER)).toBe(
      'Kube-Proxy Version:  \nKubelet:             v1\n',
    );
  });

  it('sizes a nested column from the lines of its own block only', () => {
    // "Port:" has three cells; the next line has two, so column 1 is sized from the Port line alone.
    const text = 'Port:\t<unset>\t80/TCP\nTargetPort:\t80/TCP\n';
    expect(tabwrite(text, DESCRIBE_TABWRITER)).toBe('Port:        <unset>  80/TCP\nTargetPort:  80/TCP\n');
  });

  it('counts width in runes', () => {
    expect(
      formatTable([
        ['名字', 'X'],
        ['ab', 'Y'],
      ]),
    ).toBe('名字    X\nab    Y');
  });

  it('returns an empty string for no rows', () => {
    expect(formatTable([])).toBe('');
  });
});
