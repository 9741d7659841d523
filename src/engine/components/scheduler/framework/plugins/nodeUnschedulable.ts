/**
 * NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go): a cordoned node
 * (spec.unschedulable) rejects pods unless they tolerate the node.kubernetes.io/unschedulable:NoSchedule taint.
 * UnschedulableAndUnresolvable: evicting pods cannot uncordon a node.
 */
import { tolerationsTolerateTaint } from '../../../../objects/labels';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';

export const nodeUnschedulable: Plugin = {
  name: 'NodeUnschedulable',
  filter(ctx, node) {
    if (!node.node.spec?.unschedulable) return undefined;
    const tolerated = tolerationsTolerateTaint(ctx.pod.pod.spec?.tolerations, {
      key: 'node.kubernetes.io/unschedulable',
      effect: 'NoSchedule',
    });
    return tolerated ? undefined : newStatus('UnschedulableAndUnresolvable', ERR_REASON_UNSCHEDULABLE);
  },
};
