/** `echo` and `printf`, both shell builtins and programs on $PATH, with their backslash escapes. */
import type { Proc } from '../proc';
import { shellPrefix } from './messages';

function unescape(s: string): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[++i]!;
    if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === '\\') out += '\\';
    else if (n === 'c') return { text: out, stop: true };
    else if (n === 'e') out += '\x1b';
    else out += `\\${n}`;
  }
  return { text: out, stop: false };
}

export function echo(argv: string[], p: Proc, dashStyle: boolean): number {
  let args = argv.slice(1);
  let newline = true;
  let escapes = dashStyle;
  if (!dashStyle) {
    while (args.length && /^-[neE]+$/.test(args[0]!)) {
      for (const f of args[0]!.slice(1)) {
        if (f === 'n') newline = false;
        if (f === 'e') escapes = true;
        if (f === 'E') escapes = false;
      }
      args = args.slice(1);
    }
  } else if (args[0] === '-n') {
    newline = false;
    args = args.slice(1);
  }
  let text = args.join(' ');
  if (escapes) text = unescape(text).text;
  // `echo -n` output without a newline still shows up as a (partial) log line.
  void newline;
  p.emit(1, text);
  return 0;
}

export function printf(argv: string[], p: Proc): number {
  const fmt = argv[1];
  if (fmt === undefined) {
    p.log(
      p.shell === 'bash'
        ? `${shellPrefix(p)}printf: usage: printf [-v var] format [arguments]`
        : 'printf: usage: printf format [arguments]',
      'stderr',
    );
    return p.shell === 'bash' ? 2 : 1;
  }
  const args = argv.slice(2);
  let out = '';
  let k = 0;
  do {
    out += fmt.replace(/%([-0-9.]*)([sdbci%])/g, (_, __: string, conv: string) => {
      if (conv === '%') return '%';
      const a = args[k++] ?? '';
      if (conv === 'd' || conv === 'i') return String(Math.trunc(Number(a) || 0));
      if (conv === 'b') return unescape(a).text;
      return a;
    });
  } while (k < args.length && /%[-0-9.]*[sdbci]/.test(fmt));
  const text = unescape(out).text;
  const lines = text.replace(/\n$/, '').split('\n');
  if (text !== '') for (const line of lines) p.emit(1, line);
  return 0;
}
