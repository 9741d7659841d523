/**
 * Interventions and faults applied at a point of a run: kubectl commands go through kubectl like the user's own;
 * stopping a component takes it off the network (its timers and watches are lost) and starting it runs its
 * restart path (re-list, re-arm heartbeats).
 */
import type { UserAction } from './api';
import type { Simulation } from './kernel/Simulation';
import type { Kubectl, KubectlJob } from './components/kubectl/Kubectl';
import type { Etcd } from './components/etcd/Etcd';
import type { Kubelet } from './components/kubelet/Kubelet';
import type { KubeProxy } from './components/kube-proxy/KubeProxy';
import type { ContainerRuntime } from './components/runtime/ContainerRuntime';
import type { Scheduler } from './components/scheduler/Scheduler';
import type { ControllerManager } from './components/controllers/ControllerManager';
import { parseManifest } from './manifest/parseManifest';
import { resolveResourceArg } from './objects/resources';
import type { ComponentId, Endpoint, KObject } from './types';
import { DOWN_KEY } from './cluster/componentsDown';
import { drainCommand } from './kubectl/drainCommand';
import { execCommandLine } from './kubectl/execCommandLine';

export interface ActionWorld {
  registryReachable: boolean;
}

export function describeAction(a: UserAction): string {
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

export function applyAction(action: UserAction, sim: Simulation, world: ActionWorld): void {
  const a: UserAction =
    action.type === 'delete-pod' || (action.type === 'delete' && action.kind === 'Pod')
      ? { ...action, name: resolvePodName(action.name, action.namespace ?? 'default', sim) }
      : action.type === 'exec'
        ? { ...action, pod: resolvePodName(action.pod, action.namespace ?? 'default', sim) }
        : action;
  const kubectl = sim.component<Kubectl>({ component: 'kubectl' })!;
  const ns = (x: { namespace?: string }) => x.namespace ?? 'default';
  const job = (j: KubectlJob) => {
    sim.decide(
      { component: 'kubectl' },
      {
        phase: 'user',
        verb: 'command',
        label: describeAction(a),
        summary: `You run: ${describeAction(a)}`,
        narration: { key: 'user.command', params: { command: describeAction(a) } },
      },
    );
    kubectl.enqueue(sim, [j]);
  };
  switch (a.type) {
    case 'delete-pod':
      return job({
        type: 'delete',
        kind: 'Pod',
        namespace: ns(a),
        name: resolvePodName(a.name, ns(a), sim),
        phase: 'user',
      });
    case 'delete': {
      const info = resolveResourceArg(a.kind);
      if (!info) {
        kubectl.s.output.push({
          seq: sim.current ?? 0,
          line: `error: the server doesn't have a resource type "${a.kind}"`,
          ok: false,
        });
        return;
      }
      return job({
        type: 'delete',
        kind: info.kind,
        namespace: info.namespaced ? ns(a) : undefined,
        name: a.name,
        phase: 'user',
      });
    }
    case 'scale':
      return job({
        type: 'patch',
        kind: a.kind,
        namespace: ns(a),
        name: a.name,
        patch: { spec: { replicas: a.replicas } },
        okLine: `${a.kind === 'Deployment' ? 'deployment.apps' : 'replicaset.apps'}/${a.name} scaled`,
        phase: 'user',
      });
    case 'set-image': {
      const d = sim.store.get(`/registry/deployments/${ns(a)}/${a.deployment}`);
      if (!d)
        return job({
          type: 'patch',
          kind: 'Deployment',
          namespace: ns(a),
          name: a.deployment,
          patch: {},
          okLine: '',
          phase: 'user',
        });
      const containers = (d.spec.template.spec.containers as any[]).map((c) =>
        c.name === a.container ? { ...c, image: a.image } : c,
      );
      return job({
        type: 'patch',
        kind: 'Deployment',
        namespace: ns(a),
        name: a.deployment,
        patch: { spec: { template: { spec: { containers } } } },
        okLine: `deployment.apps/${a.deployment} image updated`,
        phase: 'user',
      });
    }
    case 'rollout-undo': {
      const d = sim.store.get(`/registry/deployments/${ns(a)}/${a.deployment}`);
      const rss = sim.store
        .list(`/registry/replicasets/${ns(a)}/`)
        .filter((rs) => rs.metadata.ownerReferences?.some((o) => o.uid === d?.metadata.uid));
      const rev = (rs: KObject) => Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
      const sorted = rss.sort((x, y) => rev(y) - rev(x));
      const previous = sorted[1];
      if (!d || !previous) {
        sim.decide(
          { component: 'kubectl' },
          {
            phase: 'user',
            verb: 'command',
            label: describeAction(a),
            summary: 'error: no rollout history found',
            narration: { key: 'user.noHistory' },
          },
        );
        kubectl.s.output.push({
          seq: sim.current ?? 0,
          line: `error: no rollout history found for deployment "${a.deployment}"`,
          ok: false,
        });
        return;
      }
      const template = JSON.parse(JSON.stringify(previous.spec.template));
      delete template.metadata.labels['pod-template-hash'];
      return job({
        type: 'patch',
        kind: 'Deployment',
        namespace: ns(a),
        name: a.deployment,
        patch: { spec: { template } },
        okLine: `deployment.apps/${a.deployment} rolled back`,
        phase: 'user',
      });
    }
    case 'cordon':
    case 'uncordon':
      return job({
        type: 'patch',
        kind: 'Node',
        name: a.node,
        patch: { spec: { unschedulable: a.type === 'cordon' ? true : null } },
        okLine: `node/${a.node} ${a.type}ed`,
        phase: 'user',
      });
    case 'drain':
      return job({ ...a, phase: 'user' });
    case 'taint': {
      const node = sim.store.get(`/registry/minions/${a.node}`);
      const taints = [
        ...(node?.spec?.taints ?? []),
        { key: a.key, ...(a.value ? { value: a.value } : {}), effect: a.effect },
      ];
      return job({
        type: 'patch',
        kind: 'Node',
        name: a.node,
        patch: { spec: { taints } },
        okLine: `node/${a.node} tainted`,
        phase: 'user',
      });
    }
    case 'untaint': {
      const node = sim.store.get(`/registry/minions/${a.node}`);
      const taints = ((node?.spec?.taints ?? []) as Array<{ key: string; effect: string }>).filter(
        (t) => t.key !== a.key || (a.effect !== undefined && t.effect !== a.effect),
      );
      return job({
        type: 'patch',
        kind: 'Node',
        name: a.node,
        patch: { spec: { taints: taints.length > 0 ? taints : null } },
        okLine: `node/${a.node} untainted`,
        phase: 'user',
      });
    }
    case 'registry':
      world.registryReachable = a.reachable;
      sim.decide(
        { component: 'kubectl', part: 'registry' },
        {
          phase: 'fault',
          verb: 'fault',
          label: describeAction(a),
          summary: a.reachable
            ? 'The image registry answers again'
            : 'Fault: the image registry is unreachable (DNS lookups time out)',
          narration: { key: a.reachable ? 'fault.registryUp' : 'fault.registryDown' },
        },
      );
      return;
    case 'apply': {
      const parsed = parseManifest(a.yaml);
      sim.decide(
        { component: 'kubectl' },
        {
          phase: 'user',
          verb: 'command',
          label: 'kubectl apply -f',
          summary: 'You edit the manifest and run kubectl apply -f again',
          narration: { key: 'user.reapply' },
        },
      );
      kubectl.enqueue(
        sim,
        parsed.docs.map((d) => ({
          type: 'apply' as const,
          doc: d.index,
          obj: d.object as KObject,
          phase: 'user' as const,
        })),
      );
      return;
    }
    case 'stop':
    case 'start':
      return toggleComponent(a, sim);
    case 'exec':
      return job({
        type: 'exec',
        namespace: ns(a),
        pod: a.pod,
        ...(a.container !== undefined ? { container: a.container } : {}),
        command: a.command,
        phase: 'user',
      });
  }
}

/**
 * Scenarios cannot know generated pod names in advance: `$pod:web` means the first (by name) live pod whose name
 * starts with `web-`, as a learner would pick it from `kubectl get pods`.
 */
function resolvePodName(name: string, namespace: string, sim: Simulation): string {
  if (!name.startsWith('$pod:')) return name;
  const prefix = `${name.slice(5)}-`;
  const pods = sim.store
    .list(`/registry/pods/${namespace}/`)
    .filter((p) => p.metadata.name.startsWith(prefix) && p.metadata.deletionTimestamp === undefined)
    .map((p) => p.metadata.name)
    .sort();
  return pods[0] ?? name.slice(5);
}

function toggleComponent(a: Extract<UserAction, { type: 'stop' | 'start' }>, sim: Simulation): void {
  const comp = a.component as ComponentId;
  const at: Endpoint = a.node ? { component: comp, node: a.node } : { component: comp };
  const key = a.node ? `${comp}@${a.node}` : comp;
  const stop = a.type === 'stop';
  if (comp === 'etcd' && a.member !== undefined) {
    const etcd = sim.component<Etcd>({ component: 'etcd' })!;
    etcd.setMember(a.member, !stop);
    sim.decide(
      { component: 'etcd', part: `etcd-${a.member}` },
      {
        phase: 'fault',
        verb: stop ? 'stop' : 'start',
        label: `${stop ? 'stop' : 'start'} etcd-${a.member}`,
        summary: `etcd-${a.member} ${stop ? 'stops' : 'starts'}: ${etcd.upCount()}/${etcd.s.members.length} members up, ${etcd.hasQuorum() ? 'quorum holds' : 'quorum lost — writes cannot commit'}`,
        narration: {
          key: stop ? 'fault.etcdMemberDown' : 'fault.etcdMemberUp',
          params: {
            member: `etcd-${a.member}`,
            up: etcd.upCount(),
            n: etcd.s.members.length,
            quorum: etcd.hasQuorum() ? 1 : 0,
          },
        },
      },
    );
    return;
  }
  if (stop) sim.down.add(key);
  else sim.down.delete(key);
  sim.decide(at, {
    phase: 'fault',
    verb: stop ? 'stop' : 'start',
    label: `${stop ? 'stop' : 'start'} ${comp}${a.node ? ` on ${a.node}` : ''}`,
    summary: stop
      ? `Fault: ${comp}${a.node ? ` on ${a.node}` : ''} stops`
      : `${comp}${a.node ? ` on ${a.node}` : ''} starts again`,
    narration: { key: stop ? 'fault.stop' : 'fault.start', params: { component: comp, node: a.node ?? '' } },
  });
  // Which components are stopped, as a fact of the world after this step: the kubectl panel and `--kubectl` answer
  // from the world alone, and with kube-apiserver stopped every command is refused.
  sim.writeRuntime(DOWN_KEY, [...sim.down].sort());
  if (stop) {
    // The CNI plugin is exec'd by containerd: calls already on their way to it fail instead of hanging.
    if (comp === 'cni' && a.node)
      sim.component<ContainerRuntime>({ component: 'container-runtime', node: a.node })?.cniStopped(sim);
    return;
  }
  switch (comp) {
    case 'kubelet':
      sim.component<Kubelet>(at)?.restart(sim);
      break;
    case 'kube-proxy':
      sim.component<KubeProxy>(at)?.restart(sim);
      break;
    case 'kube-scheduler':
      sim.component<Scheduler>(at)?.restart(sim);
      break;
    case 'kube-controller-manager':
      sim.component<ControllerManager>(at)?.restart(sim);
      break;
  }
}
