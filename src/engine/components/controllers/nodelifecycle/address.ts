import type { Endpoint } from '../../../types';

export const KCM_ADDRESS: Endpoint = { component: 'kube-controller-manager' };
