/**
 * The shells as programs (`sh`, `ash`, `dash`, `bash`, and busybox's multi-call binary): their options (`-c`,
 * `-e`, `-x`, `-o pipefail`), a script file or stdin, and the exit status of what they ran.
 */
import { Halt, LoopSignal, type Proc, type ShellKind, type ProgramHandler } from '../proc';
import { runScript } from './exec';

function shellProgram(kindOf: (p: Proc) => ShellKind): ProgramHandler {
  return (argv, p) => {
    const sub = p.fork();
    sub.shell = kindOf(p);
    sub.arg0 = argv[0] ?? 'sh';
    sub.inShell = true;
    let i = 1;
    let script: string | undefined;
    let readStdin = false;
    while (i < argv.length) {
      const a = argv[i]!;
      if (a === '-c' || (/^-[a-zA-Z]+$/.test(a) && a.includes('c'))) {
        for (const f of a.slice(1)) applyShellFlag(f, true, sub);
        script = argv[i + 1] ?? '';
        if (argv[i + 1] === undefined) {
          sub.log(
            sub.shell === 'bash'
              ? `${sub.arg0}: -c: option requires an argument`
              : sub.shell === 'dash'
                ? `${sub.arg0}: 0: -c requires an argument`
                : `${sub.arg0}: -c requires an argument`,
            'stderr',
          );
          p.t = sub.t;
          return 2;
        }
        i += 2;
        break;
      }
      if (a === '-o' || a === '+o') {
        if (argv[i + 1] === 'pipefail') sub.pipefail = a === '-o';
        if (argv[i + 1] === 'errexit') sub.errexit = a === '-o';
        i += 2;
        continue;
      }
      if (a === '-s') {
        readStdin = true;
        i++;
        continue;
      }
      if (/^[-+][a-zA-Z]+$/.test(a)) {
        for (const f of a.slice(1)) applyShellFlag(f, a.startsWith('-'), sub);
        i++;
        continue;
      }
      if (a === '--' || a === '-') {
        i++;
        break;
      }
      break;
    }
    let status: number;
    try {
      if (script !== undefined) {
        if (argv[i] !== undefined) sub.arg0 = argv[i]!;
        sub.positional = argv.slice(i + 1);
        status = runScript(script, sub);
      } else if (!readStdin && argv[i] !== undefined) {
        const file = argv[i]!;
        sub.positional = argv.slice(i + 1);
        if (!sub.isFile(file)) {
          const msg =
            sub.shell === 'dash'
              ? `${sub.arg0}: 0: cannot open ${file}: No such file`
              : sub.shell === 'bash'
                ? `${sub.arg0}: ${file}: No such file or directory`
                : `${sub.arg0}: can't open '${file}': No such file or directory`;
          sub.log(msg, 'stderr');
          status = sub.shell === 'bash' ? 127 : 2;
        } else {
          const content = sub.read(file);
          if (!content && !sub.fs.has(sub.abs(file))) throw new Halt('forever'); // opaque mounted script
          sub.arg0 = file;
          status = runScript(content, sub);
        }
      } else if (p.stdinData) {
        status = runScript(p.stdinData.join('\n'), sub);
      } else if (p.opts.stdinOpen) {
        throw new Halt('forever'); // an interactive shell waiting on an open stdin
      } else status = 0; // no TTY, stdin at EOF: the shell reads nothing and exits 0
    } catch (e) {
      p.t = Math.max(p.t, sub.t);
      if (e instanceof Halt && e.kind === 'exit') return e.code;
      if (e instanceof LoopSignal) return 0;
      throw e;
    }
    // The shell waits for nothing else: background jobs are orphaned when it exits.
    p.t = Math.max(p.t, sub.t);
    return status;
  };
}

export function applyShellFlag(flag: string, on: boolean, p: Proc): void {
  if (flag === 'e') p.errexit = on;
  else if (flag === 'x') p.xtrace = on;
}

export const SHELLS: Record<string, ProgramHandler> = {
  sh: shellProgram((p) => p.img.sh ?? 'ash'),
  ash: shellProgram(() => 'ash'),
  dash: shellProgram(() => 'dash'),
  bash: shellProgram(() => 'bash'),
  busybox: (argv, p, run) => {
    if (argv.length < 2) {
      p.log('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', 'stderr');
      return 0;
    }
    return run(argv.slice(1), p);
  },
};
