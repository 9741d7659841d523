/** `wc` as busybox (coreutils/wc.c) and GNU (src/wc.c) print it, on files, redirected files and pipes. */
import { describe, expect, it } from 'vitest';
import { containerProgram, logsUntil } from '../interpreter';
import { resolvedImage } from '../../testing/images';

const logs = (ref: string, script: string) =>
  logsUntil(containerProgram({ image: ref, command: ['sh', '-c', script] }, resolvedImage(ref), {}), 60_000);

describe('wc', () => {
  it('counts a file that ends in a newline as one line, whether named, redirected or piped', () => {
    expect(logs('busybox:1.36', 'echo run > /tmp/f; wc -l < /tmp/f; wc -l /tmp/f; cat /tmp/f | wc -l')).toEqual([
      '1',
      '1 /tmp/f',
      '1',
    ]);
  });

  it('pads several counts as the image’s wc does, and adds a total for several files', () => {
    expect(logs('busybox:1.36', 'echo hello world > /f; wc /f /f')).toEqual([
      '        1         2        12 /f',
      '        1         2        12 /f',
      '        2         4        24 total',
    ]);
    expect(logs('debian:12', 'echo hello world > /f; wc /f; cat /f | wc')).toEqual([
      ' 1  2 12 /f',
      '      1       2      12',
    ]);
  });

  it('names a missing file in each wording and fails', () => {
    expect(logs('busybox:1.36', 'wc -l /nope; echo $?')).toEqual([
      "wc: can't open '/nope': No such file or directory",
      '1',
    ]);
    expect(logs('debian:12', 'wc -l /nope')).toEqual(['wc: /nope: No such file or directory']);
  });
});
