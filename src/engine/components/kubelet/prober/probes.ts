/**
 * Probe evaluation (pkg/kubelet/prober): the outcome comes from what the container's program does at that moment
 * (the catalog + command interpreter), with the real probe output texts from pkg/probe/{http,tcp,exec}.
 * The kubelet does not ask the runtime for exec probes here: the result is a pure function of the container's
 * program and its age, so drawing an ExecSync round trip every period would add noise without adding truth.
 */
import { resolvePresentImage } from '../../../images/resolveImage';
import { containerProgram, fileStateAt, probeHttp, probeTcp, runExecProbe } from '../../../containers/interpreter';

export type ProbeKind = 'startup' | 'readiness' | 'liveness';

export function evaluateProbe(
  probe: any,
  container: any,
  podIP: string,
  sinceStartMs: number,
): { ok: boolean; output: string } {
  const image = resolvePresentImage(String(container.image ?? ''));
  if (!image.ok) return { ok: false, output: 'container not running' };
  const program = containerProgram(container, image);
  const port = (p: unknown): number | undefined => {
    if (typeof p === 'number') return p;
    const named = (container.ports ?? []).find((x: any) => x.name === p);
    if (named) return named.containerPort;
    const n = Number(p);
    return Number.isFinite(n) ? n : undefined;
  };
  if (probe.httpGet) {
    const p = port(probe.httpGet.port);
    if (p === undefined) return { ok: false, output: `unable to resolve port "${probe.httpGet.port}"` };
    return probeHttp(program, sinceStartMs, p, probe.httpGet.path ?? '/', podIP);
  }
  if (probe.tcpSocket) {
    const p = port(probe.tcpSocket.port);
    if (p === undefined) return { ok: false, output: `unable to resolve port "${probe.tcpSocket.port}"` };
    return probeTcp(program, sinceStartMs, p, podIP);
  }
  if (probe.exec) {
    const res = runExecProbe(probe.exec.command ?? [], fileStateAt(program, sinceStartMs), {
      program,
      tMs: sinceStartMs,
      timeoutSeconds: probe.timeoutSeconds ?? 1,
    });
    return { ok: res.exitCode === 0, output: res.output };
  }
  if (probe.grpc) {
    const p = port(probe.grpc.port);
    return probeTcp(program, sinceStartMs, p ?? 0, podIP);
  }
  return { ok: true, output: '' };
}
