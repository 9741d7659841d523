/**
 * The engine's objects ⇄ the JSON a real apiserver speaks. The engine keeps times as virtual milliseconds; on the
 * wire they are RFC 3339 instants (metav1.Time: whole seconds; metav1.MicroTime: microseconds) placed so that the
 * virtual "now" is the wall-clock now: the ages a real kubectl computes itself (`describe`, events) then agree with
 * the AGE cells the server prints, at any speed. At speed 1 an object's timestamps never move; faster, virtual time
 * 0 slides back by (speed − 1) × the wall time elapsed, so timestamps read later are earlier. Events are stored in the shape the views read (`source` a
 * string); on the wire they are core/v1 Events (`source: {component, host}`).
 */
import { EPOCH_MS } from '../src/engine/api';
import { ANNOTATION_TRIGGER_TIME } from '../src/engine/controllers-support/endpoints';
import type { KObject } from '../src/engine/types';

/** Fields of type metav1.MicroTime. */
const MICRO_TIME_FIELDS = new Set(['renewTime', 'acquireTime', 'eventTime', 'lastObservedTime']);
/** metav1.Time fields whose names do not end in Time/Timestamp. */
const OTHER_TIME_FIELDS = new Set(['startedAt', 'finishedAt', 'timeAdded', 'time']);
const isTimeField = (key: string): boolean => /(Time|Timestamp)$/.test(key) || OTHER_TIME_FIELDS.has(key);

export class WireClock {
  /** `epoch()`: the wall-clock ms of virtual time 0, as of now. */
  constructor(private readonly epoch: () => number) {}

  get epochMs(): number {
    return this.epoch();
  }

  format(virtualMs: number, micro: boolean): string {
    const iso = new Date(this.epochMs + virtualMs).toISOString(); // 2026-01-15T09:00:03.250Z
    if (micro) return `${iso.slice(0, 23)}000Z`;
    return `${iso.slice(0, 19)}Z`;
  }

  parse(text: string): number | undefined {
    const t = Date.parse(text);
    return Number.isNaN(t) ? undefined : t - this.epochMs;
  }
}

/** A stored object as the apiserver would send it. */
export function toWire(obj: KObject, clock: WireClock): Record<string, unknown> {
  const out = convertOut(obj, '', clock) as Record<string, any>;
  // A time the engine already wrote as text (the endpoints controller's trigger-time annotation, RFC 3339 of the
  // virtual clock) is placed on the wall clock like every other time.
  const trigger = out.metadata?.annotations?.[ANNOTATION_TRIGGER_TIME];
  if (typeof trigger === 'string' && !Number.isNaN(Date.parse(trigger)))
    out.metadata.annotations = {
      ...out.metadata.annotations,
      [ANNOTATION_TRIGGER_TIME]: clock.format(Date.parse(trigger) - EPOCH_MS, false),
    };
  if (obj.kind === 'Event') {
    const e = out;
    const source = typeof e.source === 'string' ? e.source : e.source?.component;
    e.source = { component: source, ...(e.host ? { host: e.host } : {}) };
    e.reportingComponent = source ?? '';
    e.reportingInstance = e.host ?? '';
    e.eventTime = null;
    delete e.host;
    delete e.name;
    delete e.namespace;
  }
  return out;
}

function convertOut(value: unknown, key: string, clock: WireClock): unknown {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((v) => convertOut(v, key, clock) ?? null);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const c = convertOut(v, k, clock);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  if (typeof value === 'number') {
    if (key === 'resourceVersion') return String(value);
    if (isTimeField(key)) return clock.format(value, MICRO_TIME_FIELDS.has(key));
  }
  return value;
}

/** A client's body as the engine keeps objects: RFC 3339 instants become virtual ms. */
export function fromWire<T>(value: T, clock: WireClock, key = ''): T {
  if (Array.isArray(value)) return value.map((v) => fromWire(v, clock, key)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = fromWire(v, clock, k);
    return out as T;
  }
  if (typeof value === 'string' && isTimeField(key)) return (clock.parse(value) ?? value) as T;
  return value;
}
