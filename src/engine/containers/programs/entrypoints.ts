/** Images' entrypoint scripts: docker-library's `docker-entrypoint.sh`, nginx's and curlimages' `entrypoint.sh`. */
import type { Proc, ProgramHandler, Run } from '../proc';

/** docker-library `docker-entrypoint.sh`: prepend the server for `-flag` args, set up, then `exec "$@"`. */
export const dockerEntrypoint: ProgramHandler = (argv, p, run) => {
  let args = argv.slice(1);
  if (argv[0] === '/docker-entrypoint.sh' && /nginx/.test(p.img.repository)) return nginxEntrypoint(args, p, run);
  if (args.length === 0) return 0; // `exec "$@"` with nothing to exec
  const server = p.img.entrypointServer;
  if (server && args[0]!.startsWith('-')) args = [server, ...args];
  // node's entrypoint also prepends `node` when $1 is not a command (e.g. `server.js`).
  if (server === 'node' && !p.img.programs.has(args[0]!) && !args[0]!.includes('/')) args = ['node', ...args];
  if (server === 'node' && args[0]!.endsWith('.js')) args = ['node', ...args];
  const sub = p.fork();
  sub.viaEntrypoint = true; // the script drops to the service user (gosu) before exec'ing the server
  try {
    const status = run(args, sub);
    p.t = sub.t;
    return status;
  } catch (e) {
    p.t = Math.max(p.t, sub.t);
    throw e;
  }
};

function nginxEntrypoint(args: string[], p: Proc, run: Run): number {
  if ((args[0] === 'nginx' || args[0] === 'nginx-debug') && !p.env.get('NGINX_ENTRYPOINT_QUIET_LOGS')) {
    for (const line of [
      '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration',
      '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh',
      '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf',
      '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf',
      '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh',
      '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh',
      '/docker-entrypoint.sh: Configuration complete; ready for start up',
    ])
      p.log(line);
    p.advance(30); // the entrypoint's helper scripts
  }
  if (args.length === 0) return 0;
  return run(args, p);
}

/** curlimages/curl `/entrypoint.sh`: prepend `curl` when $1 is an option or not a command. */
export const curlEntrypoint: ProgramHandler = (argv, p, run) => {
  let args = argv.slice(1);
  if (args.length === 0 || args[0]!.startsWith('-') || (!p.img.programs.has(args[0]!) && !args[0]!.startsWith('/')))
    args = ['curl', ...args];
  return run(args, p);
};
