/**
 * NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go): a pod that already names a node fits only
 * that node. (Pods with spec.nodeName normally bypass the scheduler; the filter still exists.)
 */
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_NODE_NAME = "node(s) didn't match the requested node name";

export const nodeName: Plugin = {
  name: 'NodeName',
  filter(ctx, node) {
    const want = ctx.pod.pod.spec?.nodeName;
    if (!want || want === node.name) return undefined;
    return newStatus('UnschedulableAndUnresolvable', ERR_REASON_NODE_NAME);
  },
};
