import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import { Cni } from './Cni';

/** The CNI plugin alone: ADD/DEL envelopes in, the address of each ADD result out. */
function harness() {
  const cni = new Cni('kind-worker', '10.244.1.0/24');
  const ips: string[] = [];
  const sim = {
    writeRuntime: () => undefined,
    latency: () => ({ between: () => 1 }),
    send: (_from: unknown, _to: unknown, msg: { ip?: string }) => {
      if (msg.ip) ips.push(msg.ip);
    },
  } as unknown as Simulation;
  let reqId = 0;
  const call = (command: 'ADD' | 'DEL', podUid: string) =>
    cni.handle(
      {
        from: { component: 'containerd', node: 'kind-worker' },
        msg: { kind: 'cni', reqId: ++reqId, command, podUid, podName: podUid, namespace: 'default' },
      } as unknown as Envelope,
      sim,
    );
  return { cni, ips, call };
}

describe('host-local IPAM', () => {
  // containernetworking/plugins plugins/ipam/host-local/backend/allocator/allocator.go GetIter: round-robin from the
  // last reserved IP + 1, so a just-freed address is not handed out again at once.
  it('continues after the last reserved address instead of reusing a freed one', () => {
    const { ips, call } = harness();
    call('ADD', 'a');
    call('ADD', 'b');
    call('DEL', 'a');
    call('ADD', 'c');
    expect(ips).toEqual(['10.244.1.2', '10.244.1.3', '10.244.1.4']);
  });

  it('wraps from .254 to the start of the range, skipping the gateway and addresses in use', () => {
    const { cni, ips, call } = harness();
    cni.reserve('10.244.1.2', 'old');
    cni.reserve('10.244.1.254', 'last');
    call('ADD', 'a');
    expect(ips).toEqual(['10.244.1.3']);
  });
});
