/**
 * The kubelet's serial image puller (pkg/kubelet/images/puller.go, `serializeImagePulls: true` by default): one
 * PullImage per node at a time, the others wait in order. The wait is part of the Pulled event's "including
 * waiting" time, so the queued time travels with the request. The runtime adds an image to its store only when the
 * pull completes, so a second Pod needing an image being pulled finds it absent and queues here behind the pull.
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { Kubelet } from '../Kubelet';
import { podEvent, podRef } from '../podEvent';
import { containerSpec, type ContainerRuntimeState, type PodWorkerState } from '../podWorkerState';

export class SerialImagePuller {
  constructor(private readonly k: Kubelet) {}

  /**
   * The image manager records Pulling before it hands the pull to the puller (image_manager.go pullImage), so a
   * Pod whose pull waits behind another's already shows it.
   */
  enqueue(w: PodWorkerState, c: ContainerRuntimeState, sim: Simulation): void {
    const pod = this.k.s.podObjs.get(w.uid);
    if (pod)
      sim.recordEvent(
        podEvent(this.k.node, pod, c, 'Normal', 'Pulling', `Pulling image "${containerSpec(pod, c).image}"`),
      );
    c.busy = true;
    this.k.s.pullQueue.push({ uid: w.uid, container: c.name, enqueuedAt: sim.now });
    this.nextPull(sim);
  }

  /** A PullImage returned (whatever its result): the next queued pull may start. */
  pullDone(sim: Simulation): void {
    this.k.s.pulling = false;
    this.nextPull(sim);
  }

  private nextPull(sim: Simulation): void {
    const s = this.k.s;
    if (s.pulling) return;
    const next = s.pullQueue.shift();
    if (!next) return;
    const w = s.pods.get(next.uid);
    const pod = s.podObjs.get(next.uid);
    const c = w?.containers.find((x) => x.name === next.container);
    if (!w || !pod || !c) return this.nextPull(sim);
    const spec = containerSpec(pod, c);
    s.pulling = true;
    const reqId = sim.nextId('cri');
    s.cri.set(reqId, { uid: w.uid, container: c.name, call: 'PullImage', enqueuedAt: next.enqueuedAt });
    c.busy = true;
    sim.send(
      this.k.address,
      this.k.containerd,
      {
        kind: 'cri',
        reqId,
        call: 'PullImage',
        podUid: w.uid,
        // CRI PullImageRequest.auth: the credentials of the Pod's imagePullSecrets (here only whether it has any).
        args: {
          image: spec.image,
          container: c.name,
          waitedMs: sim.now - next.enqueuedAt,
          ...(pod.spec.imagePullSecrets?.length ? { auth: true } : {}),
        },
      },
      {
        phase: 'run',
        verb: 'PullImage',
        label: `PullImage ${spec.image}`,
        summary: `Pull ${spec.image} for container ${c.name} (one pull at a time per node)`,
        narration: { key: 'kubelet.pullImage', params: { image: spec.image, container: c.name } },
        object: podRef(pod),
        source: { doc: -1, path: `spec.${c.init ? 'initContainers' : 'containers'}[${c.index}].image` },
      },
      1,
    );
  }
}
