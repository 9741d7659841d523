/** The error texts that differ by shell: busybox `ash`, Debian's `dash` and `bash` each word them their own way. */
import type { Proc, ShellKind } from '../proc';
import type { ShellSyntaxError } from './parse';

export function shellPrefix(p: Proc): string {
  if (p.shell === 'dash') return `${p.arg0}: ${p.lineNo}: `;
  if (p.shell === 'bash') return `${p.arg0}: line ${p.lineNo}: `;
  return `${p.arg0}: `;
}

export function notFoundMessage(p: Proc, cmd: string): string {
  if (p.shell === 'bash')
    return cmd.includes('/')
      ? `${shellPrefix(p)}${cmd}: No such file or directory`
      : `${shellPrefix(p)}${cmd}: command not found`;
  return `${shellPrefix(p)}${cmd}: not found`;
}

export function syntaxErrorMessage(kind: ShellKind, arg0: string, e: ShellSyntaxError): string {
  if (kind === 'dash') {
    if (e.kind === 'unterminated-quote') return `${arg0}: ${e.line}: Syntax error: Unterminated quoted string`;
    if (e.kind === 'unexpected-eof')
      return `${arg0}: ${e.line}: Syntax error: end of file unexpected (expecting "${e.token}")`;
    return `${arg0}: ${e.line}: Syntax error: "${e.token}" unexpected`;
  }
  if (kind === 'bash') {
    if (e.kind === 'unterminated-quote')
      return `${arg0}: -c: line ${e.line}: unexpected EOF while looking for matching \`${e.token}'`;
    if (e.kind === 'unexpected-eof') return `${arg0}: -c: line ${e.line}: syntax error: unexpected end of file`;
    return `${arg0}: -c: line ${e.line}: syntax error near unexpected token \`${e.token}'`;
  }
  if (e.kind === 'unterminated-quote') return `${arg0}: syntax error: unterminated quoted string`;
  if (e.kind === 'unexpected-eof') return `${arg0}: syntax error: unexpected end of file (expecting "${e.token}")`;
  return `${arg0}: syntax error: unexpected "${e.token}"`;
}
