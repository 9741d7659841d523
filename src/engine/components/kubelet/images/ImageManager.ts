/**
 * The image manager (pkg/kubelet/images/image_manager.go, `EnsureImageExists`): before a container is created its
 * image must be on the node. A recent pull failure holds the container in ImagePullBackOff (the per-image
 * flowcontrol back-off, 10 s doubling to 5 min); otherwise ImageStatus asks containerd whether the image is present,
 * and the pull policy decides: IfNotPresent uses a present image, Never fails with ErrImageNeverPull, Always and a
 * missing image go to the serial puller. Event texts are the image manager's.
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { CriResponse } from '../../../messages';
import type { KObject } from '../../../types';
import { IMAGE_BACKOFF, goDuration, inBackoffSince, nextBackoff } from '../Backoff';
import { decidePodStep } from '../decidePodStep';
import type { Kubelet } from '../Kubelet';
import { podEvent } from '../podEvent';
import type { ContainerContext, ContainerRuntimeState, PodWorkerState } from '../podWorkerState';
import { TIMINGS } from '../timings';

export class ImageManager {
  constructor(private readonly k: Kubelet) {}

  /** Takes the next step towards the container's image: a back-off wait or an ImageStatus call. */
  ensureImageExists(w: PodWorkerState, c: ContainerRuntimeState, pod: KObject, spec: any, sim: Simulation): void {
    const node = this.k.node;
    if (c.imageBackoff && inBackoffSince(c.imageBackoff, c.imageBackoff.lastUpdate, sim.now, IMAGE_BACKOFF)) {
      const first = c.reason !== 'ImagePullBackOff';
      if (first) {
        c.reason = 'ImagePullBackOff';
        c.message = `Back-off pulling image "${spec.image}": ErrImagePull: ${c.message ?? ''}`.trim();
      }
      // Every sync inside the window records the pair again (the recorder aggregates them into a growing count).
      decidePodStep(this.k.address, w, pod, c, sim, {
        verb: 'backoff',
        label: 'ImagePullBackOff',
        summary: `Image pull for ${c.name} failed recently: back off for ${goDuration(c.imageBackoff.period)} before pulling again`,
        key: 'kubelet.imageBackoff',
        params: { container: c.name, image: spec.image, wait: goDuration(c.imageBackoff.period) },
        events: [
          podEvent(node, pod, c, 'Normal', 'BackOff', `Back-off pulling image "${spec.image}"`),
          podEvent(node, pod, c, 'Warning', 'Failed', 'Error: ImagePullBackOff'),
        ],
      });
      if (first) this.k.statusManager.markStatus(w, sim);
      // ErrImagePullBackOff is a sync error: the pod worker requeues the pod after wait.Jitter(backOffPeriod 10 s,
      // 0.5) (pod_workers.go completeWork), so the pair repeats every 10–15 s and the next pull comes at the first
      // sync after the window.
      this.k.podWorkers.wakeIn(w, sim.latency(this.k.address).between(...TIMINGS.podWorkerBackOffMs), sim);
      return;
    }
    this.k.runtime.call(w, c, 'ImageStatus', { image: spec.image }, sim, {
      summary: `Is image ${spec.image} on ${node}? (imagePullPolicy ${spec.imagePullPolicy ?? 'IfNotPresent'})`,
      key: 'kubelet.imageStatus',
    });
  }

  onImageStatus(x: ContainerContext, r: CriResponse, sim: Simulation): void {
    const { w, c, pod, spec } = x;
    const present = !!r.result?.present;
    const policy = spec.imagePullPolicy ?? 'IfNotPresent';
    if (present && policy !== 'Always') {
      c.imageReady = true;
      c.imageId = String(r.result!.imageId);
      sim.recordEvent(
        podEvent(this.k.node, pod, c, 'Normal', 'Pulled', `Container image "${spec.image}" already present on machine`),
      );
      return this.k.podWorkers.sync(w.uid, sim);
    }
    if (!present && policy === 'Never') {
      c.state = 'waiting';
      c.reason = 'ErrImageNeverPull';
      c.message = `Container image "${spec.image}" is not present with pull policy of Never`;
      sim.recordEvent(podEvent(this.k.node, pod, c, 'Warning', 'ErrImageNeverPull', c.message));
      this.k.statusManager.markStatus(w, sim);
      return;
    }
    this.k.imagePuller.enqueue(w, c, sim);
  }

  onPulled(x: ContainerContext, r: CriResponse, sim: Simulation): void {
    const { w, c, pod, spec } = x;
    const node = this.k.node;
    const queued = Number(r.result?.waitedMs ?? 0);
    if (!r.ok) {
      const invalid = r.result?.reason === 'InvalidImageName';
      c.imageBackoff = nextBackoff(c.imageBackoff, sim.now, IMAGE_BACKOFF);
      c.state = 'waiting';
      c.reason = invalid ? 'InvalidImageName' : 'ErrImagePull';
      c.message = r.error;
      if (invalid) sim.recordEvent(podEvent(node, pod, c, 'Warning', 'InspectFailed', r.error ?? ''));
      else {
        sim.recordEvent(
          podEvent(node, pod, c, 'Warning', 'Failed', `Failed to pull image "${spec.image}": ${r.error}`),
        );
        sim.recordEvent(podEvent(node, pod, c, 'Warning', 'Failed', 'Error: ErrImagePull'));
      }
      this.k.statusManager.markStatus(w, sim);
      if (!invalid) this.k.podWorkers.wakeIn(w, sim.latency(this.k.address).between(...TIMINGS.errorResyncMs), sim);
      return;
    }
    c.imageReady = true;
    c.imageId = String(r.result!.imageId);
    const pullMs = Number(r.result!.pullMs);
    sim.recordEvent(
      podEvent(
        node,
        pod,
        c,
        'Normal',
        'Pulled',
        `Successfully pulled image "${spec.image}" in ${goMs(pullMs)} (${goMs(pullMs + queued)} including waiting). Image size: ${r.result!.size} bytes.`,
      ),
    );
    return this.k.podWorkers.sync(w.uid, sim);
  }
}

/** Go Duration printing truncated to ms, as in the Pulled event: `3.413s`, `523ms`. */
function goMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.round(ms) / 1000;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m${Math.round((s - m * 60) * 1000) / 1000}s`;
}
