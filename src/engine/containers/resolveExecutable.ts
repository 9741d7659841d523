/**
 * execve's view of a container: where argv[0] is found — one of the image's programs (on $PATH or at its absolute
 * path), a script file the container wrote or a volume mounted — or nothing (`executable file not found`).
 */
import { Proc, STD_BIN_DIRS } from './proc';
import { basename, dirname } from './paths';

export type Resolved = { kind: 'program'; name: string; path: string } | { kind: 'script'; path: string };

/** execve's view: find argv[0] on $PATH or at its path. */
export function resolveExecutable(name: string, p: Proc): Resolved | null {
  if (!name) return null;
  if (name.includes('/')) {
    const abs = p.abs(name);
    if (p.img.paths.has(abs)) return { kind: 'program', name: basename(abs), path: abs };
    if (STD_BIN_DIRS.includes(dirname(abs)) && p.img.programs.has(basename(abs)))
      return { kind: 'program', name: basename(abs), path: abs };
    if (p.isFile(abs)) return { kind: 'script', path: abs };
    if (p.img.assumed) return { kind: 'program', name: basename(abs), path: abs };
    return null;
  }
  if (p.img.programs.has(name)) return { kind: 'program', name, path: `/usr/bin/${name}` };
  for (const path of p.img.paths)
    if (basename(path) === name && STD_BIN_DIRS.includes(dirname(path))) return { kind: 'program', name, path };
  for (const dir of STD_BIN_DIRS) if (p.fs.has(`${dir}/${name}`)) return { kind: 'script', path: `${dir}/${name}` };
  // An image we do not know: whatever it is asked to run, assume the image has it (runResolved runs it as a server).
  if (p.img.assumed) return { kind: 'program', name, path: `/usr/local/bin/${name}` };
  return null;
}
