/** The command-line splitting the kubectl panel, the CLI's exec actions and the exec intervention share. */

/** Words as a POSIX shell splits them: quotes may sit inside a word (`-o jsonpath='{range .items[*]}…'`). */
export function tokenize(command: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    if (/\s/.test(ch)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      const stop = end < 0 ? command.length : end;
      word = (word ?? '') + command.slice(i + 1, stop);
      i = stop;
    } else if (ch === '"') {
      word = word ?? '';
      for (i++; i < command.length && command[i] !== '"'; i++) {
        if (command[i] === '\\' && /["\\$`]/.test(command[i + 1] ?? '')) i++;
        word += command[i];
      }
    } else if (ch === '\\' && i + 1 < command.length) word = (word ?? '') + command[++i];
    else word = (word ?? '') + ch;
  }
  if (word !== undefined) out.push(word);
  return out;
}
