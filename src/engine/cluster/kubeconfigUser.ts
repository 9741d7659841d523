/**
 * Who kubectl is: the kubeconfig user of the cluster spec, or kind's `kubernetes-admin` (group
 * kubeadm:cluster-admins, bound to cluster-admin by kubeadm) when the spec names none. The simulated kubectl sends
 * as this user, and the kubectl panel answers `auth can-i` / `auth whoami` for it.
 */
import type { ClusterSpec } from '../api';
import type { UserInfo } from '../messages';

/**
 * The apiserver address in the kubeconfig kind writes for the host (kind pkg/cluster/internal/kubeconfig): the
 * control-plane container's 6443 published on 127.0.0.1 at a port Docker picked. The simulated cluster always got
 * this one, so the transcript and the panel print the same `The connection to the server 127.0.0.1:41827 was
 * refused` when the apiserver is down.
 */
export const KUBECONFIG_SERVER = '127.0.0.1:41827';

export function kubeconfigUser(user: ClusterSpec['user']): UserInfo {
  if (!user)
    return {
      name: 'kubernetes-admin',
      groups: ['kubeadm:cluster-admins', 'system:authenticated'],
      credential: 'valid',
    };
  return {
    name: user.name,
    groups: user.groups ?? ['system:authenticated'],
    credential: user.token === 'invalid' ? 'invalid' : 'valid',
  };
}
