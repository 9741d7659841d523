/**
 * Who kubectl is: the kubeconfig user of the cluster spec, or kind's `kubernetes-admin` (group
 * kubeadm:cluster-admins, bound to cluster-admin by kubeadm) when the spec names none. The simulated kubectl sends
 * as this user, and the kubectl panel answers `auth can-i` / `auth whoami` for it.
 */
import type { ClusterSpec } from '../api';
import type { UserInfo } from '../messages';

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
