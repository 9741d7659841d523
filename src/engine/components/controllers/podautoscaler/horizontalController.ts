/**
 * HorizontalPodAutoscaler controller (pkg/controller/podautoscaler/horizontal.go, v1.34), for Resource metrics with
 * a utilization target (what autoscaling/v1's targetCPUUtilizationPercentage becomes in the stored v2 object):
 * - every HPA is synced every 15 s (--horizontal-pod-autoscaler-sync-period): informer events never sync it at once,
 *   they add it to the queue with the resync delay (enqueueHPA → AddRateLimited with a fixed 15 s interval, and a
 *   key already waiting is not added twice), so a new HPA is first synced 15 s after it is created;
 * - a sync reads the target through its scale subresource (GET …/scale), lists the Pods' metrics from the resource
 *   metrics API (GET /apis/metrics.k8s.io/v1beta1/namespaces/NS/pods?labelSelector=…), computes the replica count
 *   (replicaCalculator.ts), stabilises and clamps it (normalizeReplicas.ts), writes the target's scale (PUT …/scale)
 *   when it changes, and writes the HPA's status when it differs (updateStatusIfNeeded);
 * - the Events and conditions carry the real reasons and messages (SuccessfulRescale, FailedGetResourceMetric,
 *   FailedComputeMetricsReplicas, FailedGetScale; AbleToScale, ScalingActive, ScalingLimited).
 * With `spec.behavior` the normalisation is the behaviors one (behaviorReplicas.ts): windows both ways and the
 * scaling policies' rates. Not modelled: Pods/Object/External/ContainerResource metrics (reported as invalid).
 */
import { defineController, type ControllerContext, type ReconcileContext } from '../../../client/defineController';
import type { ApiResponse } from '../../../messages';
import type { KObject } from '../../../types';
import { lookupResource } from '../../../objects/resources';
import { cacheKey } from '../objectKeys';
import { resourceReplicas, type PodMetric } from './replicaCalculator';
import {
  convertDesiredReplicasWithRules,
  DOWNSCALE_STABILIZATION_WINDOW_MS,
  setCondition,
  stabilizeRecommendation,
  type HpaCondition,
  type Recommendation,
} from './normalizeReplicas';
import { METRICS_API_VERSION } from '../../../metrics/resourceMetrics';
import {
  convertWithBehaviorRate,
  stabilizeWithBehaviors,
  type ScaleEvent,
  type ScalingRules,
} from './behaviorReplicas';

/** --horizontal-pod-autoscaler-sync-period. */
export const HPA_SYNC_PERIOD_MS = 15_000;

interface Sync {
  currentReplicas: number;
  selector: Record<string, string>;
  conditions: HpaCondition[];
  desired?: number;
  reason?: string;
  metrics?: unknown[];
}

interface HpaState {
  /** HPA key → the recommendations of the stabilisation window (a.recommendations). */
  recommendations: Map<string, Recommendation[]>;
  /** Keys waiting in the queue for their next sync (the fixed-interval rate limiter drops a second add). */
  queued: Set<string>;
  /** The sync in progress, between its requests. */
  syncs: Map<string, Sync>;
  /** HPA key → its recent rescales, for the behavior policies' periods (a.scaleUpEvents / a.scaleDownEvents). */
  scaleEvents: Map<string, { ups: ScaleEvent[]; downs: ScaleEvent[] }>;
}

type Ctx = ReconcileContext<HpaState>;

const APPS_KINDS: Record<string, string> = {
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  ReplicationController: 'v1',
};

export const horizontalPodAutoscalerController = defineController<HpaState>({
  name: 'horizontal-pod-autoscaler',
  eventSource: 'horizontal-pod-autoscaler',
  watches: ['HorizontalPodAutoscaler'],
  initialState: () => ({ recommendations: new Map(), queued: new Set(), syncs: new Map(), scaleEvents: new Map() }),
  keysFor: () => [],
  onWatch(ev, ctx) {
    const o = ev.object;
    if (o.kind !== 'HorizontalPodAutoscaler') return;
    const key = cacheKey(o.metadata.namespace, o.metadata.name);
    if (ev.type === 'DELETED') {
      ctx.state.recommendations.delete(key);
      ctx.state.scaleEvents.delete(key);
      return;
    }
    schedule(ctx, key);
  },
  // After a restart the informer's first list hands every HPA to enqueueHPA again (with the resync delay).
  relisted(ctx) {
    for (const hpa of ctx.kcm.list('HorizontalPodAutoscaler'))
      schedule(ctx, cacheKey(hpa.metadata.namespace, hpa.metadata.name));
  },
  reconcile: (ctx) => sync(ctx as ControllerContext<HpaState>),
  // The controller answers every error itself (conditions, Events) and syncs again after the resync period, as the
  // real one does: an error response is never the workqueue's per-item back-off.
  onResponse: (resp, ctx) => {
    onResponse(resp, ctx);
    return resp.error ? { forget: true } : undefined;
  },
});

function schedule(ctx: ControllerContext<HpaState>, key: string) {
  if (ctx.state.queued.has(key)) return;
  ctx.state.queued.add(key);
  ctx.enqueue(key, HPA_SYNC_PERIOD_MS);
}

function hpaOf(ctx: Ctx): KObject | undefined {
  const [ns, name] = ctx.key.split('/');
  return ctx.kcm.get('HorizontalPodAutoscaler', ns, name) as KObject | undefined;
}

const refOf = (hpa: KObject) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  namespace: hpa.metadata.namespace,
  name: hpa.metadata.name,
  uid: hpa.metadata.uid,
});

function sync(ctx: ControllerContext<HpaState>) {
  ctx.state.queued.delete(ctx.key);
  const hpa = hpaOf(ctx);
  if (!hpa) {
    ctx.state.recommendations.delete(ctx.key);
    return;
  }
  // processNextWorkItem: the key goes back into the queue with the resync delay after every sync.
  schedule(ctx, ctx.key);
  const ref = hpa.spec?.scaleTargetRef ?? {};
  const ns = hpa.metadata.namespace!;
  const apiVersion = APPS_KINDS[ref.kind] ?? ref.apiVersion;
  const known = apiVersion && lookupResource(apiVersion, ref.kind);
  if (!known) {
    const err = `no matches for kind "${ref.kind}" in group "${String(ref.apiVersion ?? '').split('/')[0]}"`;
    return failGetScale(ctx, hpa, err);
  }
  // A served kind without a scale subresource: the GET of …/scale finds no route.
  if (!APPS_KINDS[ref.kind]) return failGetScale(ctx, hpa, 'the server could not find the requested resource');
  ctx.request(
    { verb: 'get', resourceKind: ref.kind, namespace: ns, name: ref.name, subresource: 'scale' },
    { action: 'get-scale' },
    {
      summary: `HPA controller: ${hpa.metadata.name} reads the current scale of ${ref.kind}/${ref.name}`,
      narration: { key: 'hpa.getScale', params: { hpa: hpa.metadata.name, target: `${ref.kind}/${ref.name}` } },
    },
  );
}

function failGetScale(ctx: Ctx, hpa: KObject, err: string) {
  ctx.event({ type: 'Warning', reason: 'FailedGetScale', message: err, involvedObject: refOf(hpa) });
  const conditions = [...((hpa.status?.conditions ?? []) as HpaCondition[])];
  setCondition(
    conditions,
    'AbleToScale',
    'False',
    'FailedGetScale',
    `the HPA controller was unable to get the target's current scale: ${err}`,
    ctx.sim.now,
  );
  writeStatus(ctx, hpa, { ...(hpa.status ?? {}), conditions });
}

function onResponse(resp: ApiResponse, ctx: ControllerContext<HpaState>) {
  const action = resp.ctx?.action;
  const hpa = hpaOf(ctx);
  if (action === 'status') {
    if (resp.object) ctx.kcm.remember(resp.object);
    return;
  }
  if (!hpa) return;
  if (action === 'get-scale') {
    if (resp.error) {
      failGetScale(ctx, hpa, resp.error.message);
      return;
    }
    return onScale(ctx, hpa, resp.object!);
  }
  if (action === 'metrics') return onMetrics(ctx, hpa, resp);
  if (action === 'rescale') return onRescaled(ctx, hpa, resp);
}

/** The label selector of the Scale's status (the target's spec.selector), as matchLabels. */
function selectorOf(target: KObject): Record<string, string> {
  return {
    ...(target.spec?.selector?.matchLabels ?? (target.kind === 'ReplicationController' ? target.spec?.selector : {})),
  };
}

const selectorString = (s: Record<string, string>) =>
  Object.keys(s)
    .sort()
    .map((k) => `${k}=${s[k]}`)
    .join(',');

function onScale(ctx: ControllerContext<HpaState>, hpa: KObject, target: KObject) {
  const now = ctx.sim.now;
  const spec = hpa.spec ?? {};
  const conditions = [...((hpa.status?.conditions ?? []) as HpaCondition[])];
  setCondition(
    conditions,
    'AbleToScale',
    'True',
    'SucceededGetScale',
    "the HPA controller was able to get the target's current scale",
    now,
  );
  const current = typeof target.spec?.replicas === 'number' ? target.spec.replicas : 1;
  const min = typeof spec.minReplicas === 'number' ? spec.minReplicas : 1;
  const max = spec.maxReplicas as number;
  // recordInitialRecommendation
  if (!ctx.state.recommendations.has(ctx.key)) ctx.state.recommendations.set(ctx.key, [{ replicas: current, at: now }]);
  const s: Sync = { currentReplicas: current, selector: selectorOf(target), conditions };
  ctx.state.syncs.set(ctx.key, s);
  if (current === 0 && min !== 0) {
    setCondition(
      conditions,
      'ScalingActive',
      'False',
      'ScalingDisabled',
      'scaling is disabled since the replica count of the target is zero',
      now,
    );
    return finish(ctx, hpa, s, 0, false);
  }
  if (current > max) return rescale(ctx, hpa, s, max, 'Current number of replicas above Spec.MaxReplicas');
  if (current < min) return rescale(ctx, hpa, s, min, 'Current number of replicas below Spec.MinReplicas');
  ctx.request(
    {
      verb: 'list',
      resourceKind: 'PodMetrics',
      apiVersion: METRICS_API_VERSION,
      namespace: hpa.metadata.namespace,
      labelSelector: selectorString(s.selector),
      query: `?labelSelector=${encodeURIComponent(selectorString(s.selector))}`,
    },
    { action: 'metrics' },
    {
      summary: `HPA controller: ${hpa.metadata.name} asks the resource metrics API for the Pods' CPU usage`,
      narration: { key: 'hpa.getMetrics', params: { hpa: hpa.metadata.name, selector: selectorString(s.selector) } },
    },
  );
}

/** client-go's message for an error response without a Status body: the text, then what was asked. */
function metricsClientError(resp: ApiResponse): string {
  const e = resp.error!;
  if (e.code === 404 || e.code === 503) return `${e.message} (get pods.metrics.k8s.io)`;
  return e.message;
}

function onMetrics(ctx: ControllerContext<HpaState>, hpa: KObject, resp: ApiResponse) {
  const s = ctx.state.syncs.get(ctx.key);
  if (!s) return;
  const now = ctx.sim.now;
  const specs = (hpa.spec?.metrics ?? []) as any[];
  const statuses: any[] = specs.map(() => ({ type: '' }));
  let invalid = 0;
  let firstError: string | undefined;
  let firstCondition: [string, string] | undefined;
  let replicas = 0;
  let metricName = '';
  const [ns] = ctx.key.split('/');
  const pods = ctx.kcm.select('Pod', ns, s.selector) as KObject[];
  specs.forEach((spec, i) => {
    const fail = (reason: string, err: string, wrap: string) => {
      if (invalid === 0) {
        firstError = wrap;
        firstCondition = [reason, `the HPA was unable to compute the replica count: ${err}`];
      }
      invalid++;
      ctx.event({ type: 'Warning', reason, message: err, involvedObject: refOf(hpa) });
    };
    if (
      spec.type !== 'Resource' ||
      spec.resource?.name !== 'cpu' ||
      spec.resource?.target?.averageUtilization === undefined
    ) {
      const err = `unsupported metric in this simulation: ${spec.type}`;
      fail('InvalidMetricSourceType', err, err);
      return;
    }
    const name = spec.resource.name as string;
    let result: ReturnType<typeof resourceReplicas>;
    if (resp.error)
      result = {
        error: `unable to get metrics for resource ${name}: unable to fetch metrics from resource metrics API: ${metricsClientError(resp)}`,
      };
    else if (!resp.items?.length)
      result = { error: `unable to get metrics for resource ${name}: no metrics returned from resource metrics API` };
    else {
      const metrics = new Map<string, PodMetric>();
      for (const m of resp.items) {
        const value = ((m.containers ?? []) as any[]).reduce((sum, c) => sum + milli(c.usage?.cpu), 0);
        metrics.set(m.metadata.name, { value, timestamp: m.timestamp as number, windowMs: 15_000 });
      }
      result = resourceReplicas({
        currentReplicas: s.currentReplicas,
        targetUtilization: spec.resource.target.averageUtilization,
        pods,
        metrics,
        timestamp: resp.items[0].timestamp as number,
        now,
      });
    }
    if ('error' in result) {
      const err = `failed to get ${name} utilization: ${result.error}`;
      fail('FailedGetResourceMetric', err, `failed to get ${name} resource metric value: ${err}`);
      return;
    }
    statuses[i] = {
      type: 'Resource',
      resource: {
        name,
        current: { averageUtilization: result.utilization, averageValue: `${result.rawUtilization}m` },
      },
    };
    if (replicas === 0 || result.replicas > replicas) {
      replicas = result.replicas;
      metricName = `${name} resource utilization (percentage of request)`;
    }
  });
  s.metrics = statuses;
  if (invalid >= specs.length || (invalid > 0 && replicas < s.currentReplicas)) {
    setCondition(s.conditions, 'ScalingActive', 'False', firstCondition![0], firstCondition![1], now);
    const err = `invalid metrics (${invalid} invalid out of ${specs.length}), first error is: ${firstError}`;
    // The status first (setCurrentReplicasAndMetricsInStatus + updateStatusIfNeeded), then the Event.
    writeStatus(ctx, hpa, setStatus(hpa, s.currentReplicas, hpa.status?.desiredReplicas ?? 0, statuses, s.conditions));
    ctx.event({ type: 'Warning', reason: 'FailedComputeMetricsReplicas', message: err, involvedObject: refOf(hpa) });
    ctx.state.syncs.delete(ctx.key);
    return;
  }
  setCondition(
    s.conditions,
    'ScalingActive',
    'True',
    'ValidMetricFound',
    `the HPA was able to successfully calculate a replica count from ${metricName}`,
    now,
  );
  let reason = '';
  if (replicas > s.currentReplicas) reason = `${metricName} above target`;
  if (replicas < s.currentReplicas) reason = 'All metrics below target';
  const desired = normalize(ctx, hpa, s, replicas);
  if (desired !== s.currentReplicas) return rescale(ctx, hpa, s, desired, reason);
  finish(ctx, hpa, s, s.currentReplicas, false);
}

const milli = (q: unknown): number => {
  const t = String(q ?? '0');
  if (t.endsWith('n')) return Math.trunc(Number(t.slice(0, -1)) / 1e6);
  if (t.endsWith('m')) return Number(t.slice(0, -1));
  return Math.round(Number(t) * 1000);
};

/** normalizeDesiredReplicas without a behavior, normalizeDesiredReplicasWithBehaviors with one. */
function normalize(ctx: Ctx, hpa: KObject, s: Sync, prenormalized: number): number {
  const now = ctx.sim.now;
  const spec = hpa.spec ?? {};
  const recs = ctx.state.recommendations.get(ctx.key) ?? [];
  ctx.state.recommendations.set(ctx.key, recs);
  const min = typeof spec.minReplicas === 'number' ? spec.minReplicas : 1;
  if (spec.behavior) {
    const up = (spec.behavior.scaleUp ?? {}) as ScalingRules;
    // maybeInitScaleDownStabilizationWindow: an unset window is the controller's --horizontal-pod-autoscaler-
    // downscale-stabilization.
    const down = {
      stabilizationWindowSeconds: DOWNSCALE_STABILIZATION_WINDOW_MS / 1000,
      ...((spec.behavior.scaleDown ?? {}) as ScalingRules),
    };
    const args = { current: s.currentReplicas, desired: prenormalized, min, max: spec.maxReplicas as number, up, down };
    const st = stabilizeWithBehaviors(recs, args, now);
    if (st.replicas !== prenormalized) setCondition(s.conditions, 'AbleToScale', 'True', st.reason, st.message, now);
    else
      setCondition(
        s.conditions,
        'AbleToScale',
        'True',
        'ReadyForNewScale',
        'recommended size matches current size',
        now,
      );
    const events = ctx.state.scaleEvents.get(ctx.key) ?? { ups: [], downs: [] };
    const r = convertWithBehaviorRate({ ...args, desired: st.replicas }, events, now);
    setCondition(
      s.conditions,
      'ScalingLimited',
      r.replicas === st.replicas ? 'False' : 'True',
      r.reason,
      r.message,
      now,
    );
    return r.replicas;
  }
  const stabilized = stabilizeRecommendation(recs, prenormalized, now);
  if (stabilized !== prenormalized)
    setCondition(
      s.conditions,
      'AbleToScale',
      'True',
      'ScaleDownStabilized',
      'recent recommendations were higher than current one, applying the highest recent recommendation',
      now,
    );
  else
    setCondition(s.conditions, 'AbleToScale', 'True', 'ReadyForNewScale', 'recommended size matches current size', now);
  const r = convertDesiredReplicasWithRules(s.currentReplicas, stabilized, min, spec.maxReplicas);
  setCondition(s.conditions, 'ScalingLimited', r.replicas === stabilized ? 'False' : 'True', r.reason, r.message, now);
  return r.replicas;
}

function rescale(ctx: Ctx, hpa: KObject, s: Sync, desired: number, reason: string) {
  s.desired = desired;
  s.reason = reason;
  const ref = hpa.spec.scaleTargetRef;
  ctx.request(
    {
      verb: 'update',
      resourceKind: ref.kind,
      namespace: hpa.metadata.namespace,
      name: ref.name,
      subresource: 'scale',
      patch: { spec: { replicas: desired } },
    },
    { action: 'rescale' },
    {
      summary: `HPA controller: ${hpa.metadata.name} scales ${ref.kind}/${ref.name} from ${s.currentReplicas} to ${desired} (${reason})`,
      narration: {
        key: 'hpa.rescale',
        params: {
          hpa: hpa.metadata.name,
          target: `${ref.kind}/${ref.name}`,
          from: s.currentReplicas,
          to: desired,
          reason,
        },
      },
    },
  );
}

function onRescaled(ctx: Ctx, hpa: KObject, resp: ApiResponse) {
  const s = ctx.state.syncs.get(ctx.key);
  if (!s) return;
  const now = ctx.sim.now;
  if (resp.error) {
    ctx.event({
      type: 'Warning',
      reason: 'FailedRescale',
      message: `New size: ${s.desired}; reason: ${s.reason}; error: ${resp.error.message}`,
      involvedObject: refOf(hpa),
    });
    setCondition(
      s.conditions,
      'AbleToScale',
      'False',
      'FailedUpdateScale',
      `the HPA controller was unable to update the target scale: ${resp.error.message}`,
      now,
    );
    return finish(ctx, hpa, s, s.currentReplicas, false);
  }
  setCondition(
    s.conditions,
    'AbleToScale',
    'True',
    'SucceededRescale',
    `the HPA controller was able to update the target scale to ${s.desired}`,
    now,
  );
  storeScaleEvent(ctx, hpa, s.currentReplicas, s.desired!);
  ctx.event({
    type: 'Normal',
    reason: 'SuccessfulRescale',
    message: `New size: ${s.desired}; reason: ${s.reason}`,
    involvedObject: refOf(hpa),
  });
  finish(ctx, hpa, s, s.desired!, true);
}

/** storeScaleEvent: only an HPA with a behavior keeps them; events older than its longest policy period go. */
function storeScaleEvent(ctx: Ctx, hpa: KObject, from: number, to: number) {
  const behavior = hpa.spec?.behavior;
  if (!behavior) return;
  const now = ctx.sim.now;
  const events = ctx.state.scaleEvents.get(ctx.key) ?? { ups: [], downs: [] };
  ctx.state.scaleEvents.set(ctx.key, events);
  const longest = (rules: ScalingRules | undefined) =>
    Math.max(0, ...(rules?.policies ?? []).map((p) => p.periodSeconds)) * 1000;
  if (to > from) {
    events.ups = events.ups.filter((e) => e.at > now - longest(behavior.scaleUp));
    events.ups.push({ change: to - from, at: now });
  } else {
    events.downs = events.downs.filter((e) => e.at > now - longest(behavior.scaleDown));
    events.downs.push({ change: from - to, at: now });
  }
}

/** setStatus + updateStatusIfNeeded. */
function finish(ctx: Ctx, hpa: KObject, s: Sync, desired: number, rescaled: boolean) {
  ctx.state.syncs.delete(ctx.key);
  writeStatus(
    ctx,
    hpa,
    setStatus(hpa, s.currentReplicas, desired, s.metrics, s.conditions, rescaled ? ctx.sim.now : undefined),
  );
}

/** setStatus: a whole new status (the metrics of this sync only), keeping lastScaleTime unless it rescaled now. */
function setStatus(
  hpa: KObject,
  currentReplicas: number,
  desiredReplicas: number,
  metrics: unknown[] | undefined,
  conditions: HpaCondition[],
  scaledAt?: number,
): Record<string, unknown> {
  const lastScaleTime = scaledAt ?? hpa.status?.lastScaleTime;
  return {
    ...(lastScaleTime !== undefined ? { lastScaleTime } : {}),
    ...(metrics ? { currentMetrics: metrics } : {}),
    currentReplicas,
    desiredReplicas,
    conditions,
  };
}

function writeStatus(ctx: Ctx, hpa: KObject, status: Record<string, unknown>) {
  if (JSON.stringify(status) === JSON.stringify(hpa.status ?? {})) return;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'HorizontalPodAutoscaler',
      namespace: hpa.metadata.namespace,
      name: hpa.metadata.name,
      subresource: 'status',
      body: { ...hpa, status },
    },
    { action: 'status' },
    {
      summary: `HPA controller: writes ${hpa.metadata.name}'s status (${String(status.currentReplicas)} current, ${String(status.desiredReplicas ?? 0)} desired replicas)`,
      narration: {
        key: 'hpa.status',
        params: {
          hpa: hpa.metadata.name,
          current: String(status.currentReplicas ?? 0),
          desired: String(status.desiredReplicas ?? 0),
        },
      },
      phase: 'status',
    },
  );
}
