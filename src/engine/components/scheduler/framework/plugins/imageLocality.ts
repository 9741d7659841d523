/**
 * ImageLocality (pkg/scheduler/framework/plugins/imagelocality/image_locality.go): favours nodes that already
 * have the pod's images. Each present image counts size * (nodes having it / all nodes) (the spread factor
 * keeps a popular image from dragging every pod to the same node); the sum is clamped to
 * [23 MiB, 1000 MiB * containers] and scaled to 0..100. So images under 23 MiB score 0 everywhere.
 */
import { MAX_NODE_SCORE } from '../normalizeScore';
import type { CycleContext, Plugin } from '../plugin';

const MB = 1024 * 1024;
const MIN_THRESHOLD = 23 * MB;
const MAX_CONTAINER_THRESHOLD = 1000 * MB;

/** normalizedImageName: append ":latest" when the name has no tag. */
function normalizedImageName(name: string): string {
  if (name.lastIndexOf(':') <= name.lastIndexOf('/')) return name + ':latest';
  return name;
}

function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  let s = sumScores;
  if (s < MIN_THRESHOLD) s = MIN_THRESHOLD;
  else if (s > maxThreshold) s = maxThreshold;
  return Math.trunc((MAX_NODE_SCORE * (s - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

const IMAGES = 'ImageLocalityImages';

/** The pod's image names (init containers first), normalised once per cycle rather than once per node. */
function podImages(ctx: CycleContext): string[] {
  let names = ctx.state.get(IMAGES) as string[] | undefined;
  if (!names) {
    const spec = ctx.pod.pod.spec ?? {};
    names = [...(spec.initContainers ?? []), ...(spec.containers ?? [])].map((c) =>
      normalizedImageName(c?.image ?? ''),
    );
    ctx.state.set(IMAGES, names);
  }
  return names;
}

export const imageLocality: Plugin = {
  name: 'ImageLocality',
  score(ctx, node) {
    const images = podImages(ctx);
    const total = ctx.snapshot.nodes.length;
    let sum = 0;
    for (const name of images) {
      if (!node.images.has(name)) continue;
      const st = ctx.snapshot.imageStates.get(name)!;
      sum += Math.trunc(st.size * (st.numNodes / total));
    }
    return calculatePriority(sum, images.length);
  },
};
