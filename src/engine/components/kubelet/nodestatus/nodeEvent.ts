/**
 * An Event the kubelet records on its own Node (kubelet_node_status.go recordNodeStatusEvent and friends): Normal,
 * from `kubelet`, with the node as host; by default "Node <name> status is now: <reason>". The kubelet's nodeRef
 * (kubelet.go NewMainKubelet) carries the node's name as its UID, not the Node object's uid.
 */
export function kubeletNodeEvent(node: string, reason: string, message = `Node ${node} status is now: ${reason}`) {
  return {
    type: 'Normal' as const,
    reason,
    message,
    source: 'kubelet',
    host: node,
    involvedObject: { apiVersion: 'v1', kind: 'Node', name: node, uid: node },
  };
}
