/**
 * NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go): a requested hostPort must be free on the
 * node for its protocol and hostIP (HostPortInfo.CheckConflict; 0.0.0.0 overlaps every IP). Unschedulable:
 * evicting the pod holding the port would free it, so preemption may help.
 */
import { hostPortConflict, type HostPort } from '../nodeInfo';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_PORTS = "node(s) didn't have free ports for the requested pod ports";

const STATE = 'PreFilterNodePorts';

export const nodePorts: Plugin = {
  name: 'NodePorts',
  preFilter(ctx) {
    if (ctx.pod.hostPorts.length === 0) return { status: newStatus('Skip') };
    ctx.state.set(STATE, ctx.pod.hostPorts);
    return undefined;
  },
  filter(ctx, node) {
    const want = (ctx.state.get(STATE) as HostPort[] | undefined) ?? ctx.pod.hostPorts;
    for (const hp of want) {
      if (hostPortConflict(node.usedPorts, hp)) return newStatus('Unschedulable', ERR_REASON_PORTS);
    }
    return undefined;
  },
};
