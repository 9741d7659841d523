import { describe, it, expect } from 'vitest';
import { parseShell, wordText } from './parse';

function words(src: string): string[][] {
  const r = parseShell(src);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.list.map((item) => {
    const cmd = item.andOr.first.commands[0]!;
    return cmd.type === 'simple' ? cmd.words.map(wordText) : [cmd.type];
  });
}

describe('parseShell', () => {
  it('splits ; and newlines into commands', () => {
    expect(words('touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600')).toEqual([
      ['touch', '/tmp/healthy'],
      ['sleep', '30'],
      ['rm', '-f', '/tmp/healthy'],
      ['sleep', '600'],
    ]);
    expect(words('echo a\necho b\n\n')).toEqual([
      ['echo', 'a'],
      ['echo', 'b'],
    ]);
  });
  it('handles quotes and escapes', () => {
    expect(words(`nginx -g 'daemon off;'`)).toEqual([['nginx', '-g', 'daemon off;']]);
    expect(words(`echo "a b" 'c "d"' e\\ f`)).toEqual([['echo', 'a b', 'c "d"', 'e f']]);
    expect(words(`echo ""`)).toEqual([['echo', '']]);
    expect(words(`echo "it's" \\"q\\"`)).toEqual([['echo', "it's", '"q"']]);
  });
  it('parses && || & | and negation', () => {
    const r = parseShell('a && b || c & d | e; ! f');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.list).toHaveLength(3);
    expect(r.list[0]!.background).toBe(true);
    expect(r.list[0]!.andOr.rest.map((x) => x.op)).toEqual(['&&', '||']);
    expect(r.list[1]!.andOr.first.commands).toHaveLength(2);
    expect(r.list[2]!.andOr.first.negate).toBe(true);
  });
  it('parses compound commands', () => {
    expect(words('while true; do echo hi; sleep 5; done')).toEqual([['loop']]);
    expect(words('until false\ndo\n:\ndone')).toEqual([['loop']]);
    expect(words('for i in 1 2 3; do echo $i; done')).toEqual([['for']]);
    expect(words('if [ -f x ]; then echo y; elif true; then :; else echo n; fi')).toEqual([['if']]);
    expect(words('{ echo a; echo b; } > /tmp/x')).toEqual([['group']]);
    expect(words('(cd /tmp && ls)')).toEqual([['group']]);
  });
  it('recognises assignments, redirections and expansions', () => {
    const r = parseShell('A=1 B="x y" cmd $A ${B:-z} $(hostname) `date` $((1+2)) 2>&1 >/dev/null');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cmd = r.list[0]!.andOr.first.commands[0]!;
    expect(cmd.type).toBe('simple');
    if (cmd.type !== 'simple') return;
    expect(cmd.assigns.map((a) => a.name)).toEqual(['A', 'B']);
    expect(cmd.words.map(wordText)).toEqual(['cmd', '$A', '$B', '$(hostname)', '$(date)', '$((1+2))']);
    expect(cmd.redirects.map((x) => [x.fd, x.op])).toEqual([
      [2, '>&'],
      [1, '>'],
    ]);
  });
  it('reports syntax errors instead of throwing', () => {
    expect(parseShell(`echo 'unterminated`)).toMatchObject({ ok: false, error: { kind: 'unterminated-quote' } });
    expect(parseShell('echo "x')).toMatchObject({ ok: false, error: { kind: 'unterminated-quote' } });
    expect(parseShell('while true; do echo')).toMatchObject({
      ok: false,
      error: { kind: 'unexpected-eof', token: 'done' },
    });
    expect(parseShell('done')).toMatchObject({ ok: false, error: { kind: 'unexpected-token', token: 'done' } });
    expect(parseShell('echo a &&')).toMatchObject({ ok: false });
    expect(parseShell('; ;')).toMatchObject({ ok: true });
    expect(parseShell('case x in a) ;; esac')).toMatchObject({ ok: false });
  });
  it('survives hostile input', () => {
    const inputs = [
      '('.repeat(20_000),
      '$('.repeat(5000),
      '"'.repeat(10_001),
      `echo ${'x'.repeat(200_000)}`,
      "'".repeat(3),
      '\\',
      '`',
      '${',
      '$((',
      ':(){ :|:& };:',
      "echo $'a\\nb'",
      '\u0000\u0001\u0002',
      'if if if',
      'for',
      '>&',
      '2>',
    ];
    for (const s of inputs) expect(() => parseShell(s)).not.toThrow();
  });
});
