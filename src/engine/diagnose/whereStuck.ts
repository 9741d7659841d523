/**
 * "Where is it stuck?": for the world at a step, walk the chain a Deployment's journey takes — Deployment →
 * ReplicaSet → Pods → node assigned → sandbox, image, containers → Ready → endpoints → kube-proxy rules — and name
 * the first link that has not progressed, the component responsible, the evidence (an Event or a condition), the
 * kubectl command that would show it on a real cluster, and the step where the evidence appeared.
 */
import type { Run, WorldState } from '../api';
import type { ComponentId, KEvent, KObject } from '../types';
import { servicePortChainName } from '../components/kube-proxy/chainNames';
import { reasonOf, type ReasonKey, type ReasonParams } from './reasons';

export type LinkId =
  | 'deployment'
  | 'replicaset'
  | 'pods'
  | 'scheduled'
  | 'sandbox'
  | 'image'
  | 'containers'
  | 'ready'
  | 'endpoints'
  | 'kube-proxy'
  | 'hpa'
  | 'node';

export interface Finding {
  link: LinkId;
  ok: boolean;
  /** The object the finding is about, e.g. `pod/web-…`. */
  object: string;
  component: ComponentId;
  /** Plain-words reason in English; `reasonKey` and `params` say it again in another language (reasons.ts). */
  reason: string;
  reasonKey: ReasonKey;
  params: ReasonParams;
  key: string;
  evidence?: string;
  /** What a learner would type on a real cluster to see the same thing. */
  command: string;
  /** First step whose Events or writes show the evidence. */
  step?: number;
}

export interface Diagnosis {
  /** The first link that has not progressed, if any. */
  stuck?: Finding;
  /** Every link checked, in journey order. */
  chain: Finding[];
}

const SYSTEM_NS = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']);

export function whereStuck(world: WorldState, run: Pick<Run, 'steps'>): Diagnosis {
  const objects = [...world.etcd.entries()].filter(([k]) => !k.startsWith('/registry/events/')).map(([, v]) => v);
  const of = (kind: string) => objects.filter((o) => o.kind === kind && !SYSTEM_NS.has(o.metadata.namespace ?? ''));
  const events = world.events;
  const chain: Finding[] = [];
  const stepOf = (e: KEvent | undefined) => (e ? firstStepWith(run, e) : undefined);
  const lastEvent = (obj: KObject, reasons: string[]) =>
    events
      .filter(
        (e) =>
          e.involvedObject.name === obj.metadata.name &&
          e.involvedObject.kind === obj.kind &&
          reasons.includes(e.reason),
      )
      .sort((a, b) => a.lastTimestamp - b.lastTimestamp)
      .at(-1);

  for (const node of objects.filter((o) => o.kind === 'Node')) {
    const ready = node.status?.conditions?.find((c: any) => c.type === 'Ready');
    if (ready && ready.status !== 'True')
      chain.push({
        link: 'node',
        ok: false,
        object: `node/${node.metadata.name}`,
        component: 'kubelet',
        ...reasonOf('nodeNotReady', { node: node.metadata.name, message: ready.message }),
        key: 'stuck.nodeNotReady',
        evidence: `Ready=${ready.status} (${ready.reason})`,
        command: `kubectl describe node ${node.metadata.name}`,
      });
  }

  for (const d of of('Deployment')) {
    const ns = d.metadata.namespace!;
    const rss = of('ReplicaSet').filter((rs) => rs.metadata.ownerReferences?.some((r) => r.uid === d.metadata.uid));
    if (!rss.length) {
      chain.push({
        link: 'deployment',
        ok: false,
        object: `deployment/${d.metadata.name}`,
        component: 'kube-controller-manager',
        ...reasonOf('noReplicaSet'),
        key: 'stuck.noReplicaSet',
        command: `kubectl describe deployment ${d.metadata.name} -n ${ns}`,
      });
      continue;
    }
    chain.push({
      link: 'deployment',
      ok: true,
      object: `deployment/${d.metadata.name}`,
      component: 'kube-controller-manager',
      ...reasonOf('replicaSetCreated'),
      key: 'ok.replicaSet',
      command: `kubectl get rs -n ${ns}`,
    });
    for (const rs of rss) checkReplicaSet(rs);
  }
  for (const rs of of('ReplicaSet').filter((r) => !r.metadata.ownerReferences?.length)) checkReplicaSet(rs);
  for (const p of of('Pod').filter((x) => !x.metadata.ownerReferences?.length)) checkPod(p);
  for (const svc of of('Service')) checkService(svc);
  for (const hpa of of('HorizontalPodAutoscaler')) checkAutoscaler(hpa);

  /**
   * An HPA that cannot read its metrics (kind has no metrics-server) leaves the workload as it is: the journey is
   * "done", but the autoscaling the manifest asked for never happens (horizontal.go setCondition ScalingActive).
   */
  function checkAutoscaler(hpa: KObject): void {
    const active = (hpa.status?.conditions ?? []).find((c: any) => c.type === 'ScalingActive');
    if (active?.status !== 'False') return;
    const name = hpa.metadata.name;
    const failed = lastEvent(hpa, ['FailedGetResourceMetric', 'FailedComputeMetricsReplicas', 'FailedGetScale']);
    chain.push({
      link: 'hpa',
      ok: false,
      object: `horizontalpodautoscaler/${name}`,
      component: 'kube-controller-manager',
      ...reasonOf('hpaMetrics', { hpa: name, reason: String(active.reason), message: String(active.message ?? '') }),
      key: 'stuck.hpaMetrics',
      evidence: failed ? `${failed.reason}: ${failed.message}` : `ScalingActive=False (${active.reason})`,
      command: `kubectl describe hpa ${name} -n ${hpa.metadata.namespace}`,
      step: stepOf(failed),
    });
  }

  function checkReplicaSet(rs: KObject): void {
    const ns = rs.metadata.namespace!;
    const pods = of('Pod').filter(
      (p) =>
        p.metadata.ownerReferences?.some((r) => r.uid === rs.metadata.uid) &&
        p.metadata.deletionTimestamp === undefined,
    );
    const want = rs.spec.replicas ?? 0;
    if (pods.length < want) {
      const failed = lastEvent(rs, ['FailedCreate']);
      const podSecurity = failed && podSecurityRefusal(failed.message);
      chain.push({
        link: 'pods',
        ok: false,
        object: `replicaset/${rs.metadata.name}`,
        // A PodSecurity refusal is the API server's admission, not the controller's doing.
        component: podSecurity ? 'kube-apiserver' : 'kube-controller-manager',
        ...(podSecurity
          ? reasonOf('podSecurity', podSecurity)
          : failed
            ? reasonOf('failedCreate', { message: failed.message })
            : reasonOf('podsMissing', { want, have: pods.length })),
        key: podSecurity ? 'stuck.podSecurity' : failed ? 'stuck.failedCreate' : 'stuck.podsMissing',
        evidence: failed ? `${failed.reason}: ${failed.message}` : undefined,
        command: `kubectl describe rs ${rs.metadata.name} -n ${ns}`,
        step: stepOf(failed),
      });
    } else if (want > 0)
      chain.push({
        link: 'pods',
        ok: true,
        object: `replicaset/${rs.metadata.name}`,
        component: 'kube-controller-manager',
        ...reasonOf('podsCreated', { want, have: pods.length }),
        key: 'ok.pods',
        command: `kubectl get pods -n ${ns}`,
      });
    for (const p of pods) checkPod(p);
  }

  function checkPod(p: KObject): void {
    const ns = p.metadata.namespace!;
    const name = p.metadata.name;
    const describe = `kubectl describe pod ${name} -n ${ns}`;
    const ref = `pod/${name}`;
    if (!p.spec.nodeName) {
      const failed = lastEvent(p, ['FailedScheduling']);
      chain.push({
        link: 'scheduled',
        ok: false,
        object: ref,
        component: 'kube-scheduler',
        ...(failed ? reasonOf('unschedulable', { message: failed.message }) : reasonOf('noScheduler')),
        key: failed ? 'stuck.unschedulable' : 'stuck.noScheduler',
        evidence: failed ? `FailedScheduling: ${failed.message}` : 'no Scheduled event',
        command: describe,
        step: stepOf(failed),
      });
      return;
    }
    chain.push({
      link: 'scheduled',
      ok: true,
      object: ref,
      component: 'kube-scheduler',
      ...reasonOf('bound', { node: p.spec.nodeName }),
      key: 'ok.scheduled',
      command: `kubectl get pod ${name} -n ${ns} -o wide`,
    });
    const mount = lastEvent(p, ['FailedMount', 'FailedCreatePodSandBox']);
    if (!p.status?.podIP && mount?.reason === 'FailedCreatePodSandBox') {
      // containerd wraps CNI errors as "failed to setup network for sandbox": the network plugin is the culprit.
      const network = mount.message.includes('network for sandbox');
      chain.push({
        link: 'sandbox',
        ok: false,
        object: ref,
        component: network ? 'cni' : 'container-runtime',
        ...(network
          ? reasonOf('sandboxNetwork', { node: p.spec.nodeName })
          : reasonOf('sandbox', { node: p.spec.nodeName, message: mount.message })),
        key: network ? 'stuck.sandboxNetwork' : 'stuck.sandbox',
        evidence: `${mount.reason}: ${mount.message}`,
        command: describe,
        step: stepOf(mount),
      });
      return;
    }
    if (!p.status?.podIP && mount) {
      chain.push({
        link: 'sandbox',
        ok: false,
        object: ref,
        component: 'kubelet',
        ...reasonOf('mount', { message: mount.message }),
        key: 'stuck.mount',
        evidence: `${mount.reason}: ${mount.message}`,
        command: describe,
        step: stepOf(mount),
      });
      return;
    }
    const statuses: any[] = [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])];
    for (const cs of statuses) {
      const waiting = cs.state?.waiting;
      const reason = waiting?.reason;
      if (
        reason === 'ErrImagePull' ||
        reason === 'ImagePullBackOff' ||
        reason === 'InvalidImageName' ||
        reason === 'ErrImageNeverPull'
      ) {
        const failed = lastEvent(p, ['Failed', 'InspectFailed', 'ErrImageNeverPull']);
        chain.push({
          link: 'image',
          ok: false,
          object: ref,
          component: 'container-runtime',
          ...reasonOf('image', { image: cs.image, reason }),
          key: 'stuck.image',
          evidence: failed ? failed.message : waiting.message,
          command: describe,
          step: stepOf(
            events.find((e) => e.involvedObject.name === name && e.message.startsWith('Failed to pull image')),
          ),
        });
        return;
      }
      if (
        reason === 'CreateContainerConfigError' ||
        reason === 'CreateContainerError' ||
        reason === 'RunContainerError'
      ) {
        const failed = lastEvent(p, ['Failed']);
        chain.push({
          link: 'containers',
          ok: false,
          object: ref,
          component: 'kubelet',
          ...reasonOf('config', { container: cs.name, message: waiting.message ?? reason }),
          key: 'stuck.config',
          evidence: failed?.message,
          command: describe,
          step: stepOf(failed),
        });
        return;
      }
      if (reason === 'CrashLoopBackOff' || cs.state?.terminated || cs.lastState?.terminated) {
        if (reason === 'CrashLoopBackOff' || (cs.state?.terminated && cs.state.terminated.exitCode !== 0)) {
          const last = cs.lastState?.terminated ?? cs.state?.terminated;
          const backoff = lastEvent(p, ['BackOff']);
          chain.push({
            link: 'containers',
            ok: false,
            object: ref,
            component: 'container-runtime',
            ...reasonOf('crashLoop', {
              container: cs.name,
              code: String(last?.exitCode),
              reason: String(last?.reason),
            }),
            key: 'stuck.crashLoop',
            evidence: backoff?.message ?? waiting?.message,
            command: `kubectl logs ${name} -n ${ns} -c ${cs.name} --previous`,
            step: stepOf(backoff),
          });
          return;
        }
      }
      if (reason === 'ContainerCreating' || reason === 'PodInitializing') {
        chain.push({
          link: 'sandbox',
          ok: false,
          object: ref,
          component: 'kubelet',
          ...reasonOf('creating', { container: cs.name, reason }),
          key: 'stuck.creating',
          command: describe,
        });
        return;
      }
    }
    if (!statuses.length) {
      chain.push({
        link: 'sandbox',
        ok: false,
        object: ref,
        component: 'kubelet',
        ...reasonOf('kubeletSilent', { node: p.spec.nodeName }),
        key: 'stuck.kubeletSilent',
        command: describe,
      });
      return;
    }
    const ready = p.status?.conditions?.find((c: any) => c.type === 'Ready');
    if (ready?.status !== 'True') {
      const unhealthy = lastEvent(p, ['Unhealthy']);
      chain.push({
        link: 'ready',
        ok: false,
        object: ref,
        component: 'kubelet',
        ...(unhealthy
          ? reasonOf('notReadyProbe', { message: unhealthy.message })
          : reasonOf('notReady', { reason: ready?.reason ?? 'no Ready condition' })),
        key: 'stuck.notReady',
        evidence: unhealthy?.message ?? ready?.message,
        command: describe,
        step: stepOf(unhealthy),
      });
      return;
    }
    chain.push({
      link: 'ready',
      ok: true,
      object: ref,
      component: 'kubelet',
      ...reasonOf('ready'),
      key: 'ok.ready',
      command: `kubectl get pod ${name} -n ${ns}`,
    });
  }

  function checkService(svc: KObject): void {
    const ns = svc.metadata.namespace!;
    if (!svc.spec?.selector || svc.spec.clusterIP === 'None' || svc.metadata.name === 'kubernetes') return;
    const slices = of('EndpointSlice').filter(
      (s) => s.metadata.namespace === ns && s.metadata.labels?.['kubernetes.io/service-name'] === svc.metadata.name,
    );
    const ready = slices.flatMap((s) => (s.endpoints ?? []).filter((e: any) => e.conditions?.ready));
    const sel = Object.entries(svc.spec.selector)
      .map(([k, v]) => `${k}=${v}`)
      .join(',');
    if (!ready.length) {
      const matching = of('Pod').filter(
        (p) =>
          p.metadata.namespace === ns &&
          Object.entries(svc.spec.selector).every(([k, v]) => p.metadata.labels?.[k] === v),
      );
      chain.push({
        link: 'endpoints',
        ok: false,
        object: `service/${svc.metadata.name}`,
        component: 'kube-controller-manager',
        ...(matching.length
          ? reasonOf('endpointsNotReady', { service: svc.metadata.name, count: matching.length })
          : reasonOf('selectorMismatch', { service: svc.metadata.name, selector: sel })),
        key: matching.length ? 'stuck.endpointsNotReady' : 'stuck.selectorMismatch',
        evidence: `kubectl get endpointslices shows <unset> for ${svc.metadata.name}`,
        command: matching.length
          ? `kubectl get endpointslices -l kubernetes.io/service-name=${svc.metadata.name} -n ${ns}`
          : `kubectl get pods -l ${sel} -n ${ns}`,
      });
      return;
    }
    chain.push({
      link: 'endpoints',
      ok: true,
      object: `service/${svc.metadata.name}`,
      component: 'kube-controller-manager',
      ...reasonOf('endpoints', { count: ready.length }),
      key: 'ok.endpoints',
      command: `kubectl get endpointslices -n ${ns}`,
    });
    const port = svc.spec.ports?.[0];
    if (!port) return;
    const chainName = servicePortChainName('KUBE-SVC', ns, svc.metadata.name, port.name ?? '', port.protocol ?? 'TCP');
    for (const [key, rules] of world.runtime) {
      if (!key.endsWith('/iptables')) continue;
      const node = key.split('/')[1];
      const jumps = (rules as string[]).filter(
        (r) => r.startsWith(`-A ${chainName} `) && r.includes('-j KUBE-SEP-'),
      ).length;
      if (jumps < ready.length) {
        chain.push({
          link: 'kube-proxy',
          ok: false,
          object: `service/${svc.metadata.name}`,
          component: 'kube-proxy',
          ...reasonOf('proxyStale', { node: node!, jumps, count: ready.length, service: svc.metadata.name }),
          key: 'stuck.proxyStale',
          evidence: `${chainName} has ${jumps} endpoint jump(s) on ${node}`,
          command: `iptables-save -t nat | grep ${chainName}   # on ${node}`,
        });
      }
    }
  }

  return { stuck: chain.find((f) => !f.ok), chain };
}

function firstStepWith(run: Pick<Run, 'steps'>, e: KEvent): number | undefined {
  for (const s of run.steps) if (s.events.some((x) => x.name === e.name)) return s.seq;
  return undefined;
}

/**
 * A FailedCreate whose cause is PodSecurity admission (`… is forbidden: violates PodSecurity "restricted:latest":
 * reason (detail), …`): the level and the violated checks' reasons, without their details.
 */
function podSecurityRefusal(message: string): { level: string; violations: string } | undefined {
  const m = /violates PodSecurity "([^"]+)": (.*)$/.exec(message);
  if (!m) return undefined;
  // The details are in parentheses (which never nest), the reasons between them.
  return { level: m[1], violations: m[2].replace(/ \([^()]*\)/g, '') };
}
