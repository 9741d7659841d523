/**
 * An intervention as the command a learner would type — the same words as the engine's `describeAction`, kept here
 * so the page bundle does not pull in the engine's action module (and the YAML parser behind it).
 */
import type { UserAction } from '../engine/api';
import { drainCommand } from '../engine/kubectl/drainCommand';
import { execCommandLine } from '../engine/kubectl/execCommandLine';

export function actionLabel(a: UserAction): string {
  switch (a.type) {
    case 'delete-pod':
      return `kubectl delete pod ${a.name}`;
    case 'delete':
      return `kubectl delete ${a.kind.toLowerCase()} ${a.name}${a.namespace ? ` -n ${a.namespace}` : ''}`;
    case 'scale':
      return `kubectl scale ${a.kind.toLowerCase()}/${a.name} --replicas=${a.replicas}`;
    case 'set-image':
      return `kubectl set image deployment/${a.deployment} ${a.container}=${a.image}`;
    case 'rollout-undo':
      return `kubectl rollout undo deployment/${a.deployment}`;
    case 'cordon':
    case 'uncordon':
      return `kubectl ${a.type} ${a.node}`;
    case 'drain':
      return drainCommand(a.node, a);
    case 'taint':
      return `kubectl taint nodes ${a.node} ${a.key}${a.value ? `=${a.value}` : ''}:${a.effect}`;
    case 'untaint':
      return `kubectl taint nodes ${a.node} ${a.key}${a.effect ? `:${a.effect}` : ''}-`;
    case 'stop':
    case 'start':
      return `${a.type} ${a.component}${a.node ? ` on ${a.node}` : ''}${a.member !== undefined ? ` member etcd-${a.member}` : ''}`;
    case 'registry':
      return a.reachable ? 'image registry reachable again' : 'image registry unreachable';
    case 'apply':
      return 'kubectl apply -f (edited manifest)';
    case 'exec':
      return execCommandLine({ ...a, namespace: a.namespace ?? 'default' });
  }
}
