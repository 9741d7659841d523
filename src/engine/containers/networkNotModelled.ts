import type { Proc } from './proc';

/**
 * Inside `kubectl exec`, a request leaving the Pod would go through CoreDNS, kube-proxy's rules and the CNI: that
 * data-plane path is not simulated yet (issue 18's next step), so the client says so instead of pretending.
 * A container's own program keeps the old assumption (remote hosts answer), which its logs and CPU model rely on.
 */
export function networkNotModelled(p: Proc, tool: string, host: string): number {
  p.log(
    `${tool}: Podyssey does not simulate traffic to "${host}" yet (DNS, Services and Pod-to-Pod routes are a later step); only this Pod's own ports answer`,
    'stderr',
  );
  return 1;
}
