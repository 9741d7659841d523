/**
 * containerd with its CRI plugin, one containerd-shim per sandbox, and runc. It answers the kubelet's CRI calls,
 * calls CNI ADD/DEL inside RunPodSandbox/StopPodSandbox, keeps the node's image store, runs each container's
 * program (from the image catalog and the command interpreter) and reports exits through PLEG.
 */
import { pullDurationMs, pullFaultMessage, resolveImage, resolvePresentImage } from '../../images/resolveImage';
import { containerProgram, memoryExceededAt } from '../../containers/interpreter';
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import { partOf } from '../../kernel/partOf';
import type { Simulation } from '../../kernel/Simulation';
import type { CriRequest, CriResponse, Message } from '../../messages';
import { hex8 } from '../../objects/names';
import { memoryLimitBytes } from '../../objects/quantity';
import type { ContainerLog, Endpoint } from '../../types';
import { TIMINGS } from '../kubelet/timings';
import {
  applyVolumeOps,
  emptyDirMounts,
  emptyDirOptions,
  volumeOps,
  type EmptyDirFiles,
  type VolumeOp,
} from './emptyDirs';
import { pid1IgnoresSigterm } from './pid1Signals';
import { CNI_BIN_DIR, CNI_PLUGIN_TYPE, cniPluginError, sandboxNetworkError } from './cniFailure';

interface SandboxRec {
  uid: string;
  name: string;
  namespace: string;
  ip?: string;
  /** The pod's emptyDir volumes: what its containers wrote there. */
  emptyDirs?: EmptyDirFiles;
}

interface ContainerRec {
  uid: string;
  name: string;
  state: 'created' | 'running' | 'exited';
  startedAt?: number;
  exitCode?: number;
  ignoresSigterm: boolean;
  sandboxId?: string;
  /** Its file operations in emptyDir volumes, applied to the sandbox's volumes up to its exit. */
  volumeOps?: VolumeOp[];
}

interface CniPending {
  req: CriRequest;
  replyTo: Endpoint;
  sandboxId: string;
}

interface RuntimeState {
  images: Map<string, { size: number; repoDigest: string }>;
  sandboxes: Map<string, SandboxRec>;
  containers: Map<string, ContainerRec>;
  /** CNI request id → the CRI request waiting for it. */
  cniPending: Map<number, CniPending>;
}

interface RuntimeWorld {
  registryReachable(): boolean;
}

export class ContainerRuntime implements Component<RuntimeState> {
  readonly address: Endpoint;
  /**
   * partOf(address, 'containerd' | 'runc'), looked up once: every CRI reply, CNI call and runc step is drawn from
   * one of them, and partOf's two map lookups per call added up to about 1% of a 1,000-pod run.
   */
  private readonly containerd: Endpoint;
  private readonly runc: Endpoint;
  /** The node's CNI plugin and kubelet, one object each for every message to them (steps keep their endpoints). */
  private readonly cni: Endpoint;
  private readonly kubelet: Endpoint;
  s: RuntimeState = { images: new Map(), sandboxes: new Map(), containers: new Map(), cniPending: new Map() };

  constructor(
    readonly node: string,
    private world: RuntimeWorld,
    preloaded: Array<{ ref: string; size: number }>,
  ) {
    this.address = { component: 'container-runtime', node };
    this.containerd = partOf(this.address, 'containerd');
    this.runc = partOf(this.address, 'runc');
    this.cni = Object.freeze({ component: 'cni', node });
    this.kubelet = Object.freeze({ component: 'kubelet', node });
    for (const img of preloaded) {
      const r = resolveImage(img.ref);
      if (r.ok) this.s.images.set(r.normalized, { size: r.size, repoDigest: r.repoDigest });
    }
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'cri') this.onCri(msg, env.from, sim);
    else if (msg.kind === 'cni-result') this.onCni(msg.reqId, msg.ip, sim);
    else if (msg.kind === 'timer' && msg.name === 'pulled') {
      const d = msg.data!;
      this.s.images.set(String(d.image), { size: Number(d.size), repoDigest: String(d.repoDigest) });
      sim.writeRuntime(`node/${this.node}/images`, [...this.s.images.keys()]);
    } else if (msg.kind === 'timer' && msg.name === 'exit')
      this.onExit(
        String(msg.data!.containerId),
        Number(msg.data!.code),
        sim,
        msg.data!.reason === 'OOMKilled' ? 'OOMKilled' : undefined,
        typeof msg.data!.system === 'string' ? msg.data!.system : undefined,
      );
  }

  private reply(
    sim: Simulation,
    to: Endpoint,
    req: CriRequest,
    ok: boolean,
    delay: number,
    result?: Record<string, unknown>,
    error?: string,
    summary?: string,
  ): void {
    const resp: CriResponse = { kind: 'cri-result', reqId: req.reqId, call: req.call, podUid: req.podUid, ok };
    if (result) resp.result = result;
    if (error) resp.error = error;
    const container = req.args.container ? ` ${req.args.container}` : '';
    sim.send(
      this.containerd,
      to,
      resp,
      {
        phase: 'run',
        verb: `${req.call} ${ok ? 'OK' : 'error'}`,
        label: ok ? `${req.call}${container} OK` : `${req.call} failed`,
        summary: summary ?? (ok ? `${req.call}${container} succeeded` : `${req.call}${container} failed: ${error}`),
        narration: {
          key: ok ? 'runtime.ok' : 'runtime.error',
          params: {
            call: req.call,
            container: String(req.args.container ?? ''),
            error: error ?? '',
            summary: summary ?? '',
          },
        },
        object: req.args.pod
          ? {
              apiVersion: 'v1',
              kind: 'Pod',
              namespace: (req.args.pod as any).namespace,
              name: (req.args.pod as any).name,
              uid: req.podUid,
            }
          : undefined,
      },
      delay,
    );
  }

  private onCri(req: CriRequest, from: Endpoint, sim: Simulation): void {
    const lat = sim.latency(this.address);
    switch (req.call) {
      case 'RunPodSandbox': {
        const sandboxId = hexId(sim, this.address);
        if (!this.cniUp(sim)) return this.cniFailed({ req, replyTo: from, sandboxId }, sim);
        this.s.sandboxes.set(sandboxId, {
          uid: req.podUid,
          name: String(req.args.name),
          namespace: String(req.args.namespace),
        });
        const cniReq = sim.nextId('cni');
        this.s.cniPending.set(cniReq, { req, replyTo: from, sandboxId });
        sim.send(
          this.containerd,
          this.cni,
          {
            kind: 'cni',
            reqId: cniReq,
            command: 'ADD',
            podUid: req.podUid,
            podName: String(req.args.name),
            namespace: String(req.args.namespace),
          },
          {
            phase: 'run',
            verb: 'ADD',
            label: 'CNI ADD',
            summary: `containerd created the network namespace for ${req.args.name} and calls the CNI plugin (ADD) to wire it up`,
            narration: { key: 'runtime.cniAdd', params: { pod: String(req.args.name) } },
            object: {
              apiVersion: 'v1',
              kind: 'Pod',
              namespace: String(req.args.namespace),
              name: String(req.args.name),
              uid: req.podUid,
            },
          },
          lat.between(...TIMINGS.sandboxMs),
        );
        return;
      }
      case 'StopPodSandbox': {
        const sb = this.s.sandboxes.get(String(req.args.sandboxId));
        if (!this.cniUp(sim)) return this.cniFailed({ req, replyTo: from, sandboxId: String(req.args.sandboxId) }, sim);
        const cniReq = sim.nextId('cni');
        this.s.cniPending.set(cniReq, { req, replyTo: from, sandboxId: String(req.args.sandboxId) });
        sim.send(
          this.containerd,
          this.cni,
          {
            kind: 'cni',
            reqId: cniReq,
            command: 'DEL',
            podUid: req.podUid,
            podName: sb?.name ?? '',
            namespace: sb?.namespace ?? '',
          },
          {
            phase: 'run',
            verb: 'DEL',
            label: 'CNI DEL',
            summary: `containerd stops the pause container and calls CNI DEL for ${sb?.name ?? 'the pod'}`,
            narration: { key: 'runtime.cniDel', params: { pod: sb?.name ?? '' } },
          },
          lat.between(20, 80),
        );
        return;
      }
      case 'ImageStatus': {
        const r = resolvePresentImage(String(req.args.image));
        const img = r.ok ? this.s.images.get(r.normalized) : undefined;
        this.reply(
          sim,
          from,
          req,
          true,
          lat.between(...TIMINGS.imageStatusMs),
          { present: !!img, imageId: img?.repoDigest ?? '' },
          undefined,
          img
            ? `Image ${r.ok ? r.normalized : req.args.image} is in the node's image store`
            : `Image ${r.ok ? r.normalized : req.args.image} is not on ${this.node}`,
        );
        return;
      }
      case 'PullImage': {
        const r = resolveImage(String(req.args.image), { auth: req.args.auth === true });
        const waitedMs = Number(req.args.waitedMs ?? 0);
        if (!r.ok) {
          const delay = r.reason === 'InvalidImageName' ? 1 : lat.between(400, 1600);
          this.reply(sim, from, req, false, delay, { reason: r.reason, waitedMs }, r.message);
          return;
        }
        if (!this.world.registryReachable()) {
          this.reply(
            sim,
            from,
            req,
            false,
            10_000 + lat.between(0, 2000),
            { reason: 'Unreachable', waitedMs },
            pullFaultMessage(r.normalized, 'Unreachable'),
          );
          return;
        }
        const present = this.s.images.has(r.normalized);
        const pullMs = present ? lat.between(...TIMINGS.manifestCheckMs) : pullDurationMs(r.size, lat.next());
        // The image is in the store only once its layers are unpacked: an ImageStatus meanwhile says it is absent,
        // so another Pod's container queues behind this pull in the kubelet's serial puller.
        if (!present)
          sim.timer(this.address, pullMs, 'pulled', { image: r.normalized, size: r.size, repoDigest: r.repoDigest });
        this.reply(
          sim,
          from,
          req,
          true,
          pullMs,
          { imageId: r.repoDigest, size: r.size, pullMs, waitedMs },
          undefined,
          `Pulled ${r.normalized} (${(r.size / 1e6).toFixed(1)} MB${r.assumed ? ', a size Podyssey estimated: the image is not in its catalog' : ''}) in ${(pullMs / 1000).toFixed(3)} s and unpacked it into the image store`,
        );
        return;
      }
      case 'CreateContainer': {
        const id = hexId(sim, this.address);
        const spec = req.args.spec as any;
        const image = resolveImage(String(spec.image));
        this.s.containers.set(id, {
          uid: req.podUid,
          name: String(req.args.container),
          state: 'created',
          ignoresSigterm: pid1IgnoresSigterm(spec, image.ok ? image : undefined),
        });
        this.reply(
          sim,
          from,
          req,
          true,
          lat.between(...TIMINGS.createContainerMs),
          { containerId: id },
          undefined,
          `Container ${req.args.container} created (id ${id.slice(0, 13)}); its rootfs is a snapshot of the image`,
        );
        return;
      }
      case 'StartContainer': {
        const id = String(req.args.containerId);
        const rec = this.s.containers.get(id);
        const spec = req.args.spec as any;
        const image = resolvePresentImage(String(spec.image));
        if (!rec || !image.ok) return this.reply(sim, from, req, false, 5, undefined, 'container not found');
        const sandbox = this.s.sandboxes.get(String(req.args.sandboxId));
        const podVolumes = (req.args.pod as any)?.volumes;
        const mounts = emptyDirMounts(spec, podVolumes);
        const program = mounts.length
          ? containerProgram(spec, image, emptyDirOptions(mounts, podVolumes, sandbox?.emptyDirs))
          : containerProgram(spec, image);
        if (mounts.length) {
          rec.sandboxId = String(req.args.sandboxId);
          rec.volumeOps = volumeOps(mounts, program.timeline);
        }
        const cmd = [
          ...(spec.command ?? image.config.entrypoint),
          ...(spec.args ?? (spec.command ? [] : image.config.cmd)),
        ].join(' ');
        const started = `containerd-shim-runc-v2 has runc create the container's namespaces and cgroups, then start its process: ${cmd || '(image default)'}`;
        sim.decide(this.runc, {
          phase: 'run',
          verb: 'runc start',
          label: `runc start ${rec.name}`,
          // An image outside the catalog: say that what it does is Podyssey's assumption, not the image's.
          summary: program.assumedBehaviour
            ? `${started}. Podyssey does not know ${image.repository}, so it assumes a server that runs until stopped${program.listens.length ? `, listening on ${program.listens.map((l) => l.port).join(', ')}` : ''}`
            : image.assumed
              ? `${started}. Podyssey does not know ${image.repository}: it assumes ${image.base === 'alpine' ? 'an Alpine (busybox)' : image.base === 'scratch' ? 'a distroless (no shell)' : 'a Debian'} userland for the command`
              : started,
          narration: program.assumedBehaviour
            ? {
                key: 'runtime.runcAssumed',
                params: { container: rec.name, cmd: cmd || '(image default)', image: image.repository },
              }
            : { key: 'runtime.runc', params: { container: rec.name, cmd: cmd || '(image default)' } },
        });
        if (program.startError) {
          rec.state = 'exited';
          rec.exitCode = 128;
          return this.reply(
            sim,
            from,
            req,
            false,
            lat.between(...TIMINGS.startContainerMs),
            undefined,
            program.startError.message,
          );
        }
        const delay = lat.between(...TIMINGS.startContainerMs);
        rec.state = 'running';
        rec.startedAt = sim.now + delay;
        const exit = program.timeline.find((op) => op.op === 'exit');
        // memory.max of the container's cgroup is its memory limit: the first moment the program's memory goes
        // above it, the kernel's OOM killer ends the container (SIGKILL: exit code 137; containerd reports the
        // reason OOMKilled from the cgroup's oom_kill event). Past the node's own memory it is the system-wide OOM
        // killer, which the cgroup's oom_kill counts too; the kubelet's eviction manager only gets to act on
        // memory that grows slowly enough to stay below that for one of its 10 s checks.
        const limitOom = memoryExceededAt(program, memoryLimitBytes(spec));
        const systemOom = memoryExceededAt(program, this.nodeMemory(sim));
        const oomAt =
          limitOom === undefined ? systemOom : systemOom === undefined ? limitOom : Math.min(limitOom, systemOom);
        const endsAt = oomAt ?? (exit && !program.runsForever ? exit.atMs : undefined);
        if (oomAt !== undefined)
          sim.timer(this.address, delay + oomAt, 'exit', {
            containerId: id,
            code: 137,
            reason: 'OOMKilled',
            ...(oomAt === systemOom && oomAt !== limitOom ? { system: program.argv[0]?.split('/').pop() ?? '' } : {}),
          });
        else if (exit && !program.runsForever)
          sim.timer(this.address, delay + exit.atMs, 'exit', { containerId: id, code: exit.code ?? 0 });
        sim.writeRuntime(`node/${this.node}/containers/${id}`, {
          pod: req.podUid,
          name: rec.name,
          state: 'running',
          startedAt: rec.startedAt,
        });
        // What the container will write to stdout/stderr, each line at its time: `kubectl logs` shows the lines
        // written before the moment it is asked about (and before the container stopped).
        const logs: ContainerLog = {
          pod: req.podUid,
          container: rec.name,
          startedAt: rec.startedAt,
          lines: program.timeline
            .filter((op) => op.op === 'log' && (endsAt === undefined || op.atMs <= endsAt))
            .map((op) => ({ at: rec.startedAt! + op.atMs, text: op.text ?? '', stream: op.stream ?? 'stdout' })),
          ...(program.truncated ? { truncated: true } : {}),
        };
        sim.writeRuntime(`node/${this.node}/logs/${id}`, logs);
        this.reply(
          sim,
          from,
          req,
          true,
          delay,
          { startedAt: rec.startedAt },
          undefined,
          `Container ${rec.name} is running`,
        );
        return;
      }
      case 'StopContainer': {
        const id = String(req.args.containerId);
        const rec = this.s.containers.get(id);
        const grace = Number(req.args.grace ?? 30) * 1000;
        const slow = rec?.ignoresSigterm ?? false;
        // Grace 0 (a hard-threshold eviction's gracePeriodOverride): SIGKILL at once, exit code 137.
        const kill = grace === 0;
        const delay = kill ? lat.between(5, 20) : slow ? grace : lat.between(...TIMINGS.gracefulStopMs);
        const code = slow || kill ? 137 : 0;
        if (rec) {
          this.keepVolumeWrites(rec, sim.now + delay);
          rec.state = 'exited';
          rec.exitCode = code;
        }
        sim.writeRuntime(`node/${this.node}/containers/${id}`, {
          pod: req.podUid,
          name: rec?.name,
          state: 'exited',
          exitCode: code,
          finishedAt: sim.now + delay,
        });
        this.reply(
          sim,
          from,
          req,
          true,
          delay,
          { exitCode: code },
          undefined,
          kill
            ? `${rec?.name} was killed (SIGKILL, no grace period), exit code 137`
            : slow
              ? `${rec?.name} ignored SIGTERM (PID 1 without a handler); SIGKILL after the ${grace / 1000}s grace period, exit code 137`
              : `${rec?.name} exited on SIGTERM`,
        );
        return;
      }
      default:
        this.reply(sim, from, req, true, 1);
    }
  }

  /** A container stops at `at`: what it wrote in its emptyDir volumes until then stays for the next one. */
  private keepVolumeWrites(rec: ContainerRec, at: number): void {
    if (!rec.volumeOps?.length || rec.state !== 'running') return;
    const sb = this.s.sandboxes.get(rec.sandboxId ?? '');
    if (sb) applyVolumeOps((sb.emptyDirs ??= {}), rec.volumeOps, at - (rec.startedAt ?? at));
  }

  /** The node's memory (its Node's capacity): what the system-wide OOM killer guards. */
  private nodeMemory(sim: Simulation): number {
    const memory = sim.store.get(`/registry/minions/${this.node}`)?.status?.capacity?.memory;
    return memory === undefined ? 0 : memoryLimitBytes({ resources: { limits: { memory } } });
  }

  private cniUp(sim: Simulation): boolean {
    return sim.isUp(this.cni);
  }

  /**
   * The CNI plugin was stopped: requests whose ADD/DEL is still on its way will never be answered (a stopped
   * component drops what it receives), so fail them now, as the plugin exec would.
   */
  cniStopped(sim: Simulation): void {
    const pending = [...this.s.cniPending.values()];
    this.s.cniPending.clear();
    for (const p of pending) this.cniFailed(p, sim);
  }

  /**
   * libcni cannot run the plugin: RunPodSandbox fails after containerd has torn down the half-made sandbox (the
   * next attempt gets a new id); StopPodSandbox fails and the sandbox stays until a retry succeeds.
   */
  private cniFailed(p: CniPending, sim: Simulation): void {
    const command = p.req.call === 'RunPodSandbox' ? 'ADD' : 'DEL';
    const name = command === 'ADD' ? String(p.req.args.name) : (this.s.sandboxes.get(p.sandboxId)?.name ?? '');
    const namespace =
      command === 'ADD' ? String(p.req.args.namespace) : (this.s.sandboxes.get(p.sandboxId)?.namespace ?? '');
    sim.decide(this.cni, {
      phase: 'run',
      verb: `${command} failed`,
      label: `CNI ${command} failed`,
      summary: `containerd runs the CNI plugin chain (${command}) for ${name}, but the plugin is not there: ${cniPluginError(command)}`,
      narration: {
        key: 'cni.missing',
        params: { pod: name, command, plugin: CNI_PLUGIN_TYPE, dir: CNI_BIN_DIR },
      },
      object: { apiVersion: 'v1', kind: 'Pod', namespace, name, uid: p.req.podUid },
    });
    // Playback never saw this sandbox (it is written once the pause container runs), so only the record goes.
    if (command === 'ADD') this.s.sandboxes.delete(p.sandboxId);
    const lat = sim.latency(this.address);
    this.reply(
      sim,
      p.replyTo,
      p.req,
      false,
      command === 'ADD' ? lat.between(...TIMINGS.sandboxMs) : lat.between(20, 80),
      undefined,
      sandboxNetworkError(command, p.sandboxId),
    );
  }

  private onCni(cniReqId: number, ip: string | undefined, sim: Simulation): void {
    const p = this.s.cniPending.get(cniReqId);
    if (!p) return;
    this.s.cniPending.delete(cniReqId);
    const sb = this.s.sandboxes.get(p.sandboxId);
    if (p.req.call === 'StopPodSandbox') {
      this.s.sandboxes.delete(p.sandboxId);
      sim.writeRuntime(`node/${this.node}/sandboxes/${p.sandboxId}`, null);
      this.reply(sim, p.replyTo, p.req, true, 5, {}, undefined, 'Sandbox stopped and removed');
      return;
    }
    if (sb) sb.ip = ip;
    sim.decide(this.runc, {
      phase: 'run',
      verb: 'runc start',
      label: 'start pause',
      summary: `containerd-shim-runc-v2 starts the pause container (registry.k8s.io/pause:3.10) that holds the pod's namespaces`,
      narration: { key: 'runtime.pause', params: { pod: sb?.name ?? '' } },
    });
    sim.writeRuntime(`node/${this.node}/sandboxes/${p.sandboxId}`, { pod: p.req.podUid, name: sb?.name, ip });
    this.reply(
      sim,
      p.replyTo,
      p.req,
      true,
      sim.latency(this.address).between(30, 120),
      { sandboxId: p.sandboxId, ip },
      undefined,
      `Sandbox ${p.sandboxId.slice(0, 13)} ready; pod IP ${ip}`,
    );
  }

  private onExit(id: string, code: number, sim: Simulation, reason?: 'OOMKilled', systemOomVictim?: string): void {
    const rec = this.s.containers.get(id);
    if (!rec || rec.state !== 'running') return;
    this.keepVolumeWrites(rec, sim.now);
    rec.state = 'exited';
    rec.exitCode = code;
    const finishedAt = sim.now;
    sim.writeRuntime(`node/${this.node}/containers/${id}`, {
      pod: rec.uid,
      name: rec.name,
      state: 'exited',
      exitCode: code,
      finishedAt,
      ...(reason ? { reason } : {}),
    });
    if (reason === 'OOMKilled')
      sim.decide(this.runc, {
        phase: 'run',
        verb: 'OOM kill',
        label: `OOM: ${rec.name} killed`,
        summary:
          systemOomVictim !== undefined
            ? `Container ${rec.name} has no limit low enough and took more memory than ${this.node} has: the system-wide OOM killer ended it (SIGKILL, exit code 137) and containerd records the reason OOMKilled`
            : `Container ${rec.name} went over its memory limit: the kernel's OOM killer ended it (SIGKILL, exit code 137) and containerd records the reason OOMKilled`,
        narration: {
          key: systemOomVictim !== undefined ? 'runtime.systemOom' : 'runtime.oomKilled',
          params: { container: rec.name, node: this.node },
        },
        // The kubelet's OOM watcher (pkg/kubelet/oom/oom_watcher_linux.go) reports a system OOM on the node.
        events:
          systemOomVictim !== undefined
            ? [
                {
                  type: 'Warning',
                  reason: 'SystemOOM',
                  message: `System OOM encountered, victim process: ${systemOomVictim || rec.name}, pid: ${hostPid(id)}`,
                  source: 'kubelet',
                  host: this.node,
                  involvedObject: { apiVersion: 'v1', kind: 'Node', name: this.node, uid: this.node },
                },
              ]
            : undefined,
      });
    // The generic PLEG relists every second, so the kubelet learns of the exit a little later.
    sim.send(
      this.address,
      this.kubelet,
      {
        kind: 'container-event',
        type: 'ContainerDied',
        podUid: rec.uid,
        containerId: id,
        exitCode: code,
        finishedAt,
        ...(reason ? { reason } : {}),
      },
      {
        phase: 'run',
        verb: 'ContainerDied',
        label: `PLEG: ${rec.name} exited (${code})`,
        summary: `PLEG relist: container ${rec.name} exited with code ${code}`,
        narration: { key: 'runtime.died', params: { container: rec.name, code } },
      },
      sim.latency(this.address).between(...TIMINGS.plegRelistMs),
    );
  }
}

/** A host pid for a container's process, stable per container id (pids the node's kernel would hand out). */
function hostPid(containerId: string): number {
  return 1000 + (Number.parseInt(containerId.slice(0, 6), 16) % 60_000);
}

/** Container and sandbox ids, from this runtime's own stream (one node's ids never shift another's). */
function hexId(sim: Simulation, runtime: Endpoint): string {
  const r = sim.rng(`ids/${runtime.node ?? ''}`);
  let s = '';
  for (let i = 0; i < 8; i++) s += hex8(r.nextUint32());
  return s;
}
