/** node (the REPL, `-e` code that listens or prints) and npm (its ENOENT without a package.json). */
import { Halt, type ProgramHandler } from '../proc';
import { version, flagValue, serve } from './serve';

export const node: ProgramHandler = (argv, p) => {
  const args = argv.slice(1);
  const nodeVersion = `v${version(p, '22.12.0')}`;
  if (args[0] === '--version' || args[0] === '-v') {
    p.log(nodeVersion);
    return 0;
  }
  if (args.length === 0 || args[0] === '-i') {
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0; // REPL reads EOF from a closed stdin and exits
  }
  const code = flagValue(args, ['-e', '--eval']);
  if (code !== undefined) {
    const listen = /\.listen\(\s*([0-9]{2,5})/.exec(code);
    if (listen) serve(p, 'node', 60, [{ port: Number(listen[1]), httpPaths: { '*': 200 } }]);
    if (/setInterval|setTimeout\([^)]*,\s*[0-9]{7,}/.test(code)) throw new Halt('forever');
    const exit = /process\.exit\(\s*([0-9]+)\s*\)/.exec(code);
    for (const m of code.matchAll(/console\.log\(\s*["'`]([^"'`]*)["'`]\s*\)/g)) p.log(m[1]!);
    return exit ? Number(exit[1]) % 256 : 0;
  }
  const script = args.find((a) => !a.startsWith('-'));
  if (script && !p.exists(script)) {
    for (const line of [
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      '  ^',
      '',
      `Error: Cannot find module '${p.abs(script)}'`,
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      '    at Module._load (node:internal/modules/cjs/loader:1051:27)',
      '    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:174:12)',
      '    at node:internal/main/run_main_module:28:49 {',
      "  code: 'MODULE_NOT_FOUND',",
      '  requireStack: []',
      '}',
      '',
      `Node.js ${nodeVersion}`,
    ])
      p.log(line, 'stderr');
    return 1;
  }
  throw new Halt('forever'); // a script whose content we do not know: assume a long-running app
};

export const npm: ProgramHandler = (argv, p) => {
  const sub = argv[1];
  if (sub === '--version' || sub === '-v') {
    p.log('10.9.0');
    return 0;
  }
  const pkg = `${p.cwd.replace(/\/$/, '')}/package.json`;
  if ((sub === 'start' || sub === 'run' || sub === 'install' || sub === 'ci' || sub === 'test') && !p.exists(pkg)) {
    for (const line of [
      'npm error code ENOENT',
      'npm error syscall open',
      `npm error path ${pkg}`,
      'npm error errno -2',
      `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${pkg}'`,
      'npm error enoent This is related to npm not being able to find a file.',
      'npm error enoent',
    ])
      p.log(line, 'stderr');
    return 254;
  }
  if (sub === 'start' || sub === 'run') throw new Halt('forever');
  p.advance(3000);
  return 0;
};
