/**
 * Which components a fault has stopped, recorded as a runtime fact (`components/down`: their address keys) on each
 * stop and start step, so views that only have the world at a step (the kubectl panel, `--kubectl`) know it.
 */
export const DOWN_KEY = 'components/down';

/** Whether kube-apiserver is stopped in this world: then nothing answers kubectl. */
export function apiserverDown(world: { runtime: ReadonlyMap<string, unknown> }): boolean {
  const down = world.runtime.get(DOWN_KEY);
  return Array.isArray(down) && down.includes('kube-apiserver');
}

/** The address keys (`kubelet@node-2`, `kube-scheduler`) of the components stopped in this world. */
export function componentsDown(world: { runtime: ReadonlyMap<string, unknown> }): readonly string[] {
  const down = world.runtime.get(DOWN_KEY);
  return Array.isArray(down) ? (down as string[]) : [];
}
