/**
 * Whether the container's PID 1 ignores SIGTERM. The kernel delivers no signal to PID 1 of a PID namespace unless
 * the process installed a handler, and a shell, `sleep` or `tail` install none for SIGTERM: a `StopContainer`
 * (containerd: SIGTERM, then SIGKILL after the timeout the kubelet passes, the grace period) ends such a container
 * only by SIGKILL, exit code 137. PID 1 is argv[0] of the process runc starts — from `command`, or from `args` when
 * the image's entrypoint is empty — and a docker-entrypoint.sh `exec`s its arguments, so they become PID 1.
 */
import type { ImageLookupOk } from '../../images/resolveImage';

const NO_SIGTERM_HANDLER = new Set(['sh', 'bash', 'ash', 'dash', 'sleep', 'tail']);

export function pid1IgnoresSigterm(spec: any, image: ImageLookupOk | undefined): boolean {
  const argv: string[] = [
    ...(spec.command ?? image?.config.entrypoint ?? []),
    ...(spec.args ?? (spec.command ? [] : (image?.config.cmd ?? []))),
  ].map(String);
  let i = 0;
  if (/(^|\/)docker-entrypoint\.sh$/.test(argv[0] ?? '') && argv.length > 1 && !argv[1].startsWith('-')) i = 1;
  const base = (argv[i] ?? '').split('/').pop() ?? '';
  if (!NO_SIGTERM_HANDLER.has(base)) return false;
  // A shell script that traps TERM handles it.
  const script = argv.slice(i + 1).join(' ');
  return !/\btrap\b[^\n;]*\b(TERM|SIGTERM|15)\b/.test(script);
}
