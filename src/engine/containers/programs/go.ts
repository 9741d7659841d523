/** The `go` tool of the golang images: `go version`, and `go run`/`build`/`test` without a module or source file. */
import { Halt, type ProgramHandler } from '../proc';
import { version } from './serve';

export const go: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === 'version') {
    p.log(`go version go${version(p, '1.23.4')} linux/amd64`);
    return 0;
  }
  if (sub === undefined) {
    p.log('Go is a tool for managing Go source code.', 'stderr');
    return 2;
  }
  if (sub === 'run') {
    const file = argv.slice(2).find((a) => !a.startsWith('-'));
    if (file && file.endsWith('.go') && !p.exists(file)) {
      p.log(`stat ${file}: no such file or directory`, 'stderr');
      return 1;
    }
    if (!p.exists(`${p.cwd.replace(/\/$/, '')}/go.mod`) && (!file || !file.endsWith('.go'))) {
      p.log("go: go.mod file not found in current directory or any parent directory; see 'go help modules'", 'stderr');
      return 1;
    }
    throw new Halt('forever');
  }
  if (sub === 'build' || sub === 'test') {
    p.log("go: go.mod file not found in current directory or any parent directory; see 'go help modules'", 'stderr');
    return 1;
  }
  return 0;
};
