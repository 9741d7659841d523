/**
 * The user's kubectl: client-side apply (GET, then POST with the last-applied-configuration annotation or a PATCH
 * when the three-way diff is not empty, or nothing when it is), plus the imperative commands interventions use
 * (delete, scale, set image, rollout undo, cordon, taint). Jobs run one at a time, in order, like a shell.
 */
import type { ApplyResult } from '../../api';
import type { Component } from '../../kernel/Component';
import { deepClone } from '../../kernel/deepClone';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { ApiRequest, ApiResponse, Message, UserInfo } from '../../messages';
import { canonicalJson } from '../../objects/names';
import { apiVersionOf, kubectlTypeName, resourceForKind, type ResourceInfo } from '../../objects/resources';
import { CRD_PREFIX, lookupServed } from '../../objects/customResources';
import type { Endpoint, KObject, Phase } from '../../types';
import { httpVerb, requestLabel } from '../apiserver/requestLabel';
import { connectionRefusedText, kubectlErrorText } from './kubectlErrors';
import { deletedLine } from '../../kubectl/applyLine';
import { planExec, type ExecJob, type ExecState } from './exec';
import { onDrainResponse, onDrainTimer, startDrain, type DrainHost, type DrainJob, type DrainState } from './drain';

const KUBECTL: Endpoint = { component: 'kubectl' };
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

export type KubectlJob =
  | {
      type: 'apply';
      doc: number;
      obj: KObject;
      phase?: Phase;
      /** The `kubectl apply -f` invocation it belongs to: its documents are mapped together (mapBatch). */
      batch?: number;
      /** Set when the batch is mapped: the resource, or null for "no matches for kind". */
      mapped?: ResourceInfo | null;
      /** Unmapped, while the same file creates the CRD that defines the kind (the classic surprise). */
      crdInFile?: boolean;
    }
  | { type: 'delete'; kind: string; namespace?: string; name: string; phase?: Phase }
  | {
      type: 'patch';
      kind: string;
      namespace?: string;
      name: string;
      patch: Record<string, unknown>;
      okLine: string;
      subresource?: 'scale' | 'status';
      phase?: Phase;
    }
  | DrainJob
  | ExecJob;

interface Running {
  job: KubectlJob;
  stage: 'get' | 'write';
  reqId: number;
  info?: ResourceInfo;
  live?: KObject;
}

interface KubectlState {
  jobs: KubectlJob[];
  running?: Running;
  results: ApplyResult[];
  /** Every line kubectl printed, in order (apply lines, command results, errors). */
  output: Array<{ seq: number; line: string; ok: boolean }>;
  /** Requests a live client sent through this kubectl (`Engine.submit`) still waiting for their response. */
  remote?: number[];
  /** `kubectl drain` while it runs (drain.ts): its requests are in flight together, so it keeps its own state. */
  drain?: DrainState;
  /** How many `kubectl apply -f` invocations were enqueued: each batch's number. */
  batches?: number;
  /** `kubectl exec` while its hops are drawn (exec.ts). */
  exec?: ExecState;
}

/** What a live client asks the apiserver (`Engine.submit`): an ApiRequest without the parts kubectl fills in. */
export type RemoteRequest = Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>;

export class Kubectl implements Component<KubectlState> {
  readonly address = KUBECTL;
  s: KubectlState = { jobs: [], results: [], output: [] };

  /**
   * Where the responses to `sendRemote` requests go (set by the Engine). A listener, not state: a response is a
   * message delivered like any other, only its reader lives outside the simulation.
   */
  onRemoteResponse?: (resp: ApiResponse) => void;

  constructor(
    private user: UserInfo,
    private filename: string,
  ) {}

  /**
   * Sends a request that a real client (the `npm run serve` HTTP server) made, now, as this kubectl: a drawn step
   * to kube-apiserver through its whole pipeline. The response comes back to `onRemoteResponse`; returns its id.
   */
  sendRemote(sim: Simulation, r: RemoteRequest): number {
    const reqId = sim.nextId('req');
    (this.s.remote ??= []).push(reqId);
    this.send(sim, { ...r, reqId, showPipeline: r.showPipeline ?? (r.verb !== 'get' && r.verb !== 'list') }, 'user');
    return reqId;
  }

  enqueue(sim: Simulation, jobs: KubectlJob[]): void {
    if (jobs.some((j) => j.type === 'apply')) {
      const batch = (this.s.batches = (this.s.batches ?? 0) + 1);
      jobs = jobs.map((j) => (j.type === 'apply' ? { ...j, batch } : j));
    }
    this.s.jobs.push(...jobs);
    if (!this.s.running) sim.timer(KUBECTL, 0, 'next');
  }

  hasPendingWork(): boolean {
    return !!this.s.running || this.s.jobs.length > 0;
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'timer' && msg.name === 'next') this.startNext(sim);
    if (msg.kind === 'timer' && (msg.name === 'drain-retry' || msg.name === 'drain-poll') && this.s.drain)
      onDrainTimer(this.s.drain, msg.name, String(msg.data?.pod), this.drainHost(sim));
    if (msg.kind === 'timer' && msg.name === 'exec-hop' && this.s.exec) this.execHop(sim);
    if (msg.kind === 'api-response') {
      const i = this.s.remote?.indexOf(msg.reqId) ?? -1;
      if (i >= 0) {
        this.s.remote!.splice(i, 1);
        this.onRemoteResponse?.(msg);
      } else if (msg.ctx?.drain !== undefined) {
        if (this.s.drain) onDrainResponse(this.s.drain, msg, this.drainHost(sim));
      } else this.onResponse(msg, sim);
    }
  }

  /**
   * kubectl apply's builder (cli-runtime pkg/resource, GetObjects in kubectl/pkg/cmd/apply/apply.go) maps every
   * document of the file to a resource before the first is applied, with discovery as it is at that moment, and
   * prints the mapping errors after the objects it applied. So a CRD and its first custom resource in one file:
   * the CRD is created, the custom resource fails with "no matches for kind" — the CRD was not served yet.
   */
  private mapBatch(sim: Simulation, first: KubectlJob & { type: 'apply' }): KubectlJob {
    const crds = sim.store.list(CRD_PREFIX);
    const batch: Array<KubectlJob & { type: 'apply' }> = [first];
    const rest: KubectlJob[] = [];
    for (const j of this.s.jobs) (j.type === 'apply' && j.batch === first.batch ? batch : rest).push(j);
    const docs = batch.map((j) => j.obj);
    for (const j of batch) {
      // The YAML may say `metadata:` with nothing (null) or something odd; kubectl reads it as empty metadata.
      const meta = j.obj.metadata;
      if (meta === null || typeof meta !== 'object' || Array.isArray(meta))
        j.obj = { ...j.obj, metadata: { name: '' } };
      j.mapped = lookupServed(String(j.obj.apiVersion), String(j.obj.kind), crds) ?? null;
      if (!j.mapped) j.crdInFile = docs.some((d) => definesKind(d, j.obj));
    }
    const ordered = [...batch.filter((j) => j.mapped), ...batch.filter((j) => !j.mapped)];
    this.s.jobs = [...ordered.slice(1), ...rest];
    return ordered[0]!;
  }

  private startNext(sim: Simulation): void {
    if (this.s.running) return;
    let job = this.s.jobs.shift();
    if (!job) return;
    if (job.type === 'apply' && job.mapped === undefined) job = this.mapBatch(sim, job);
    if (job.type === 'apply') {
      // The YAML may say `metadata:` with nothing (null) or something odd; kubectl reads it as empty metadata.
      const meta = job.obj.metadata;
      if (meta === null || typeof meta !== 'object' || Array.isArray(meta))
        job.obj = { ...job.obj, metadata: { name: '' } };
      const info = job.mapped ?? undefined;
      if (!info) {
        const ns = job.obj.metadata?.namespace ?? '';
        const line = `error: resource mapping not found for name: "${job.obj.metadata?.name ?? ''}" namespace: "${ns}" from "${this.filename}": no matches for kind "${job.obj.kind}" in version "${job.obj.apiVersion}"\nensure CRDs are installed first`;
        sim.decide(KUBECTL, {
          phase: 'submit',
          verb: 'discovery',
          label: `no matches for kind "${job.obj.kind}"`,
          summary: job.crdInFile
            ? `kubectl mapped every document of the file before applying any: its discovery had no ${job.obj.apiVersion} ${job.obj.kind} then, because the CRD in the same file was not created yet, so nothing is sent for it`
            : `kubectl's discovery has no ${job.obj.apiVersion} ${job.obj.kind}: the cluster does not serve it, so nothing is sent`,
          narration: {
            key: job.crdInFile ? 'kubectl.noMatchCrdInFile' : 'kubectl.noMatch',
            params: { kind: job.obj.kind, version: job.obj.apiVersion },
          },
          source: { doc: job.doc, path: 'kind' },
        });
        this.finish(sim, {
          doc: job.doc,
          line,
          ok: false,
          errors: [
            { path: 'kind', message: `no matches for kind "${job.obj.kind}" in version "${job.obj.apiVersion}"` },
          ],
        });
        return;
      }
      const namespace = info.namespaced ? (job.obj.metadata.namespace ?? 'default') : undefined;
      if (!job.obj.metadata.name) {
        // client-go refuses to build GET …/<empty name>: apply fails before anything is sent.
        const line = job.obj.metadata.generateName
          ? `error: from ${this.filename}: cannot use generate name with apply`
          : kubectlErrorText(
              { code: 0, reason: 'x', message: 'resource name may not be empty' },
              'retrieving',
              this.filename,
              {
                apiVersion: apiVersionOf(info),
                resource: info.resource,
                kind: info.kind,
                name: '',
                namespace: namespace ?? '',
              },
            ).replace(/^Error from server \(x\): /, 'error: ');
        sim.decide(KUBECTL, {
          phase: 'submit',
          verb: 'validate',
          label: 'resource name may not be empty',
          summary: `kubectl cannot apply a ${info.kind} without metadata.name: nothing is sent`,
          narration: { key: 'kubectl.noName', params: { kind: info.kind } },
          source: { doc: job.doc, path: 'metadata' },
        });
        this.finish(sim, {
          doc: job.doc,
          line,
          ok: false,
          errors: [{ path: 'metadata.name', message: 'resource name may not be empty' }],
        });
        return;
      }
      this.s.running = { job, stage: 'get', reqId: 0, info };
      this.request(
        sim,
        {
          verb: 'get',
          resourceKind: info.kind,
          apiVersion: apiVersionOf(info),
          ...customOf(info),
          namespace,
          name: job.obj.metadata.name,
          doc: job.doc,
        },
        job.phase,
      );
      return;
    }
    if (job.type === 'exec') {
      this.s.running = { job, stage: 'write', reqId: 0 };
      this.s.exec = planExec(job, sim);
      sim.timer(KUBECTL, this.s.exec.hops[0]?.delayMs ?? 0, 'exec-hop');
      return;
    }
    if (job.type === 'drain') {
      this.s.running = { job, stage: 'write', reqId: 0 };
      this.s.drain = startDrain(job, this.drainHost(sim));
      return;
    }
    const info = resourceForKind(job.kind);
    this.s.running = { job, stage: 'write', reqId: 0, info };
    if (job.type === 'delete') {
      this.request(
        sim,
        { verb: 'delete', resourceKind: job.kind, namespace: job.namespace, name: job.name },
        job.phase ?? 'user',
      );
    } else {
      this.request(
        sim,
        { verb: 'patch', resourceKind: job.kind, namespace: job.namespace, name: job.name, patch: job.patch },
        job.phase ?? 'user',
      );
    }
  }

  private request(sim: Simulation, r: Omit<ApiRequest, 'kind' | 'reqId' | 'user'>, phase: Phase = 'submit'): void {
    const reqId = sim.nextId('req');
    this.s.running!.reqId = reqId;
    this.send(sim, { showPipeline: r.verb !== 'get', fieldValidation: 'Strict', ...r, reqId }, phase);
  }

  /** Draws the next hop of a running `kubectl exec`; after the last, prints what the terminal shows. */
  private execHop(sim: Simulation): void {
    const ex = this.s.exec!;
    const hop = ex.hops.shift();
    if (hop) sim.decide(hop.from, hop.spec, hop.to);
    if (ex.hops.length) return sim.timer(KUBECTL, ex.hops[0]!.delayMs, 'exec-hop');
    for (const { line, ok } of ex.lines) this.s.output.push({ seq: sim.current ?? sim.stepCount - 1, line, ok });
    this.s.exec = undefined;
    this.s.running = undefined;
    if (this.s.jobs.length) sim.timer(KUBECTL, 0, 'next');
  }

  /** What a running `kubectl drain` uses: its requests (tagged, so responses find it), lines and timers. */
  private drainHost(sim: Simulation): DrainHost {
    const phase = this.s.drain?.job.phase ?? this.s.running?.job.phase ?? 'user';
    return {
      now: sim.now,
      send: (r, tag, why) =>
        this.send(
          sim,
          { showPipeline: r.verb !== 'get' && r.verb !== 'list', ...r, reqId: sim.nextId('req') },
          phase,
          tag,
          drainNarration(why, r.name ?? ''),
        ),
      print: (line, ok = true) => this.s.output.push({ seq: sim.current ?? sim.stepCount - 1, line, ok }),
      timer: (name, delayMs, pod) => sim.timer(KUBECTL, delayMs, name, { pod }),
      finish: () => {
        this.s.drain = undefined;
        this.s.running = undefined;
        if (this.s.jobs.length) sim.timer(KUBECTL, 0, 'next');
      },
    };
  }

  private send(
    sim: Simulation,
    r: Omit<ApiRequest, 'kind' | 'user'>,
    phase: Phase,
    tag?: Record<string, string>,
    narration?: { key: string; params: Record<string, string> },
  ): void {
    const req: ApiRequest = {
      kind: 'api-request',
      user: this.user,
      ...r,
      ctx: tag ? { phase, ...tag } : { phase },
    };
    const label = requestLabel(req);
    sim.send(
      KUBECTL,
      { component: 'kube-apiserver' },
      req,
      {
        phase,
        verb: httpVerb(req),
        label,
        summary: `kubectl sends ${label}`,
        narration: narration
          ? { key: narration.key, params: { ...narration.params, path: label } }
          : {
              key: `kubectl.${r.verb}`,
              params: { path: label, kind: r.resourceKind, name: r.name ?? r.body?.metadata?.name ?? '' },
            },
        object: r.body
          ? { apiVersion: r.body.apiVersion, kind: r.body.kind, namespace: r.namespace, name: r.body.metadata.name }
          : undefined,
        source: r.doc !== undefined ? { doc: r.doc, path: '' } : undefined,
      },
      sim.latency(this.address).between(2, 5),
    );
  }

  private onResponse(resp: ApiResponse, sim: Simulation): void {
    const run = this.s.running;
    if (!run || resp.reqId !== run.reqId) return;
    const job = run.job;
    if (job.type === 'drain' || job.type === 'exec') return;
    // kubectl prints the server's warnings (the Warning header) as they arrive, before its own result line.
    for (const w of resp.warnings ?? [])
      this.s.output.push({ seq: sim.current ?? sim.stepCount - 1, line: `Warning: ${w}`, ok: true });
    const info = run.info!;
    if (resp.unreachable) {
      const line = connectionRefusedText(job.type === 'apply', this.filename);
      return this.finish(sim, job.type === 'apply' ? { doc: job.doc, line, ok: false } : undefined, line);
    }
    if (job.type !== 'apply') {
      let line: string;
      if (resp.error) line = kubectlErrorText(resp.error, 'patching', undefined);
      else if (job.type === 'delete')
        line = deletedLine(info.kind, info.group, job.name, info.namespaced ? (job.namespace ?? 'default') : undefined);
      else line = job.okLine;
      return this.finish(sim, undefined, line, !resp.error);
    }
    const typeName = kubectlTypeName(info);
    const name = job.obj.metadata.name;
    if (run.stage === 'get') {
      if (resp.status === 404) {
        const body = deepClone(job.obj);
        body.metadata = {
          ...body.metadata,
          annotations: { ...(body.metadata.annotations ?? {}), [LAST_APPLIED]: canonicalLastApplied(job.obj) },
        };
        run.stage = 'write';
        const namespace = info.namespaced ? (job.obj.metadata.namespace ?? 'default') : undefined;
        return this.request(
          sim,
          {
            verb: 'create',
            resourceKind: info.kind,
            apiVersion: apiVersionOf(info),
            ...customOf(info),
            namespace,
            body,
            doc: job.doc,
          },
          job.phase,
        );
      }
      if (resp.error) {
        const line = kubectlErrorText(resp.error, 'retrieving', this.filename, {
          apiVersion: apiVersionOf(info),
          resource: info.resource,
          kind: info.kind,
          name,
          namespace: info.namespaced ? (job.obj.metadata.namespace ?? 'default') : '',
        });
        return this.finish(sim, { doc: job.doc, line, ok: false });
      }
      const live = resp.object!;
      const lastApplied = parseLastApplied(live.metadata.annotations?.[LAST_APPLIED]);
      if (!threeWayDiffers(job.obj, lastApplied, live)) {
        sim.decide(KUBECTL, {
          phase: 'submit',
          verb: 'diff',
          label: 'patch is {}',
          summary: `${typeName}/${name}: the three-way diff between last-applied, live and the file is empty, so nothing is sent`,
          narration: { key: 'kubectl.unchanged', params: { name: `${typeName}/${name}` } },
          source: { doc: job.doc, path: '' },
        });
        return this.finish(sim, { doc: job.doc, line: `${typeName}/${name} unchanged`, ok: true });
      }
      const merged = mergeApplied(live, job.obj, lastApplied);
      merged.metadata.annotations = {
        ...(merged.metadata.annotations ?? {}),
        [LAST_APPLIED]: canonicalLastApplied(job.obj),
      };
      run.stage = 'write';
      run.live = live;
      const namespace = info.namespaced ? (job.obj.metadata.namespace ?? 'default') : undefined;
      return this.request(
        sim,
        {
          verb: 'patch',
          resourceKind: info.kind,
          apiVersion: apiVersionOf(info),
          ...customOf(info),
          namespace,
          name,
          body: merged,
          appliedConfig: job.obj,
          doc: job.doc,
        },
        job.phase,
      );
    }
    // write stage
    const creating = !run.live;
    if (resp.error) {
      const line = kubectlErrorText(resp.error, creating ? 'creating' : 'patching', this.filename);
      const causes = resp.error.details?.causes ?? [];
      return this.finish(sim, {
        doc: job.doc,
        line,
        ok: false,
        errors: causes.length
          ? causes.map((c) => ({ path: c.field, message: line.includes('\n') ? fieldLine(c) : line }))
          : [{ path: '', message: line }],
      });
    }
    this.finish(sim, { doc: job.doc, line: `${typeName}/${name} ${creating ? 'created' : 'configured'}`, ok: true });
  }

  private finish(sim: Simulation, result: ApplyResult | undefined, line?: string, ok = false): void {
    if (result) this.s.results.push(result);
    const text = result?.line ?? line ?? '';
    this.s.output.push({ seq: sim.current ?? sim.stepCount - 1, line: text, ok: result?.ok ?? ok });
    this.s.running = undefined;
    if (this.s.jobs.length) sim.timer(KUBECTL, 0, 'next');
  }
}

/** A custom resource travels with its mapping (ApiRequest.custom); built-in kinds are found in the table. */
function customOf(info: ResourceInfo): { custom?: ResourceInfo } {
  return info.crd ? { custom: info } : {};
}

/** Whether `doc` is a CRD that defines `obj`'s group and kind. */
function definesKind(doc: KObject, obj: KObject): boolean {
  if (doc?.kind !== 'CustomResourceDefinition') return false;
  const group = String(obj.apiVersion ?? '').split('/')[0];
  return doc.spec?.group === group && doc.spec?.names?.kind === obj.kind;
}

/** The narration of a drain's request: `kubectl.drain.<why>` (node, cordon, pods, daemonset, evict, poll). */
function drainNarration(why: string, name: string) {
  return { key: `kubectl.drain.${why}`, params: { name } };
}

function fieldLine(c: { field: string; type: string; value?: string; detail?: string }): string {
  let body = c.type;
  if (c.value !== undefined) body += `: ${c.value}`;
  if (c.detail) body += `: ${c.detail}`;
  return `${c.field}: ${body}`;
}

/** Compact JSON of the applied manifest plus a newline, as kubectl stores it. */
function canonicalLastApplied(obj: KObject): string {
  const copy = deepClone(obj);
  if (copy.metadata?.annotations) {
    delete copy.metadata.annotations[LAST_APPLIED];
    if (Object.keys(copy.metadata.annotations).length === 0) delete copy.metadata.annotations;
  }
  return JSON.stringify(sortKeys(copy)) + '\n';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

function parseLastApplied(text: string | undefined): KObject | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as KObject;
  } catch {
    return undefined;
  }
}

/** True when applying `applied` would change something: a field differs from live, or was removed since last apply. */
function threeWayDiffers(applied: KObject, lastApplied: KObject | undefined, live: KObject): boolean {
  const cleanApplied = JSON.parse(canonicalLastApplied(applied));
  if (lastApplied && canonicalJson(cleanApplied) !== canonicalJson(lastApplied)) return true;
  return !containedIn(cleanApplied, live);
}

function containedIn(want: unknown, have: unknown): boolean {
  if (want === null || typeof want !== 'object') return String(want) === String(have) || want === have;
  if (Array.isArray(want)) {
    if (!Array.isArray(have) || have.length !== want.length) return false;
    return want.every((w, i) => containedIn(w, have[i]));
  }
  if (!have || typeof have !== 'object') return false;
  return Object.entries(want as Record<string, unknown>).every(([k, v]) =>
    containedIn(v, (have as Record<string, unknown>)[k]),
  );
}

/** Live object with the applied fields laid over it and fields dropped since the last apply removed. */
function mergeApplied(live: KObject, applied: KObject, lastApplied: KObject | undefined): KObject {
  const out = deepClone(live);
  delete out.status;
  const overlay = (dst: Record<string, any>, src: Record<string, any>) => {
    for (const [k, v] of Object.entries(src)) {
      if (
        v &&
        typeof v === 'object' &&
        !Array.isArray(v) &&
        dst[k] &&
        typeof dst[k] === 'object' &&
        !Array.isArray(dst[k])
      )
        overlay(dst[k], v);
      else dst[k] = deepClone(v);
    }
  };
  const prune = (dst: Record<string, any>, last: Record<string, any>, now: Record<string, any> | undefined) => {
    for (const [k, v] of Object.entries(last)) {
      if (now === undefined || !(k in now)) delete dst[k];
      else if (v && typeof v === 'object' && !Array.isArray(v) && dst[k] && typeof dst[k] === 'object')
        prune(dst[k], v, now[k]);
    }
  };
  if (lastApplied) prune(out, lastApplied, applied);
  overlay(out, applied);
  return out;
}
