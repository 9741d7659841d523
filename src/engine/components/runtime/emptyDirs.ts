/**
 * emptyDir volumes as the node keeps them (pkg/volume/emptydir: a directory under the pod's volumes dir, created
 * empty when the pod is set up, removed with the pod): a container sees it empty the first time, and after a
 * restart it sees what the previous containers wrote. The runtime keeps each sandbox's emptyDir files; a
 * container's program starts from them and its writes up to its exit go back in.
 */
import type { ProgramOptions } from '../../containers/interpreter';
import type { TimelineEntry } from '../../containers/proc';

/** Volume name → path inside the volume (`a/b.txt`, directories end with `/`) → content. */
export type EmptyDirFiles = Record<string, Record<string, string>>;

/** A file operation of a container under one of its emptyDir mounts, at ms since the container started. */
export interface VolumeOp {
  atMs: number;
  op: TimelineEntry['op'];
  volume: string;
  rel: string;
  text?: string;
}

interface Mount {
  volume: string;
  mountPath: string;
}

/** The container's emptyDir mounts (subPath mounts are left as the interpreter sees them). */
export function emptyDirMounts(spec: any, volumes: any[] | undefined): Mount[] {
  if (!Array.isArray(spec?.volumeMounts) || !Array.isArray(volumes)) return [];
  const out: Mount[] = [];
  for (const m of spec.volumeMounts) {
    if (!m || m.subPath || typeof m.mountPath !== 'string') continue;
    const v = volumes.find((x) => x?.name === m.name);
    if (v?.emptyDir !== undefined) out.push({ volume: m.name, mountPath: m.mountPath.replace(/\/+$/, '') || '/' });
  }
  return out;
}

/**
 * Interpreter options for a container with emptyDir mounts: the volumes (so they start empty rather than with
 * unknown content) and the files already in them. Only the emptyDir volumes are passed, so replicas of a template
 * still share one cached program.
 */
export function emptyDirOptions(mounts: Mount[], volumes: any[], files: EmptyDirFiles | undefined): ProgramOptions {
  const names = new Set(mounts.map((m) => m.volume));
  const mountedFiles: Record<string, string> = {};
  for (const m of mounts)
    for (const [rel, text] of Object.entries(files?.[m.volume] ?? {}))
      if (!rel.endsWith('/')) mountedFiles[`${m.mountPath}/${rel}`] = text;
  return {
    volumes: volumes.filter((v) => names.has(v?.name)),
    ...(Object.keys(mountedFiles).length ? { mountedFiles } : {}),
  };
}

/** The program's file operations under its emptyDir mounts. */
export function volumeOps(mounts: Mount[], timeline: readonly TimelineEntry[]): VolumeOp[] {
  const ops: VolumeOp[] = [];
  if (mounts.length === 0) return ops;
  for (const e of timeline) {
    if (!e.path || (e.op !== 'write' && e.op !== 'touch' && e.op !== 'rm' && e.op !== 'mkdir')) continue;
    const m = mounts.find((x) => e.path!.startsWith(`${x.mountPath}/`));
    if (m)
      ops.push({ atMs: e.atMs, op: e.op, volume: m.volume, rel: e.path.slice(m.mountPath.length + 1), text: e.text });
  }
  return ops;
}

/** Applies the operations a container made before `untilMs` (since its start) to the sandbox's volumes. */
export function applyVolumeOps(files: EmptyDirFiles, ops: readonly VolumeOp[], untilMs: number): void {
  for (const o of ops) {
    if (o.atMs > untilMs) break;
    const vol = (files[o.volume] ??= {});
    if (o.op === 'write') vol[o.rel] = o.text ?? '';
    else if (o.op === 'touch') vol[o.rel] ??= '';
    else if (o.op === 'mkdir') vol[o.rel] = '';
    else
      for (const k of Object.keys(vol))
        if (k === o.rel || k === `${o.rel}/` || k.startsWith(`${o.rel}/`)) delete vol[k];
  }
}
