/**
 * The embed protocol of docs/CONTRACTS.md §9, as pure functions: envelope parsing, the host → embed allow-list and the
 * source/origin rules. Messages are plain objects `{ podyssey: 1, id, type, reqId?, data? }`.
 */
const PROTOCOL = 1;

export const HOST_COMMANDS = [
  'ping',
  'play',
  'pause',
  'next',
  'prev',
  'first',
  'last',
  'goto',
  'setOptions',
  'load',
  'getState',
] as const;
export type HostCommand = (typeof HOST_COMMANDS)[number];

export type ReqId = string | number;

export interface Envelope {
  podyssey: 1;
  id: string;
  type: string;
  reqId?: ReqId;
  data?: Record<string, unknown>;
}

export type Parsed =
  /** Not a Podyssey message (or for another instance): ignored without a reply. */
  | { kind: 'ignore' }
  | { kind: 'error'; reqId?: ReqId; code: string; message: string }
  | { kind: 'command'; type: HostCommand; reqId?: ReqId; data: Record<string, unknown> };

const isReqId = (v: unknown): v is ReqId =>
  (typeof v === 'string' && v.length <= 128) || (typeof v === 'number' && Number.isFinite(v));

export function parseHostMessage(raw: unknown, instanceId: string): Parsed {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { kind: 'ignore' };
  const m = raw as Record<string, unknown>;
  if (m.podyssey !== PROTOCOL) return { kind: 'ignore' };
  if (m.id !== undefined && m.id !== null && m.id !== '' && m.id !== instanceId) return { kind: 'ignore' };
  const reqId = isReqId(m.reqId) ? m.reqId : undefined;
  if (typeof m.type !== 'string')
    return { kind: 'error', reqId, code: 'bad_request', message: 'type must be a string' };
  const type = m.type;
  if (!(HOST_COMMANDS as readonly string[]).includes(type))
    return { kind: 'error', reqId, code: 'unknown_type', message: `unknown message type: ${type.slice(0, 40)}` };
  const data = m.data;
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data)))
    return { kind: 'error', reqId, code: 'bad_request', message: 'data must be an object' };
  return { kind: 'command', type: type as HostCommand, reqId, data: (data as Record<string, unknown>) ?? {} };
}

/** docs/CONTRACTS.md §9: only the parent window, and when `origin` was given, only that exact origin. */
export function acceptEvent(
  event: { source: unknown; origin: string },
  parent: unknown,
  self: unknown,
  origin: string | undefined,
): boolean {
  if (parent === self || event.source !== parent) return false;
  return origin === undefined || event.origin === origin;
}

export function envelope(id: string, type: string, data?: Record<string, unknown>, reqId?: ReqId): Envelope {
  const e: Envelope = { podyssey: PROTOCOL, id, type };
  if (reqId !== undefined) e.reqId = reqId;
  if (data !== undefined) e.data = data;
  return e;
}

/** Where a message may go: the configured origin, else (for replies) the requester's; else '*' (no user content). */
export function targetFor(configured: string | undefined, requester?: string): { target: string; known: boolean } {
  if (configured) return { target: configured, known: true };
  if (requester && requester !== 'null' && /^https?:\/\//.test(requester)) return { target: requester, known: true };
  return { target: '*', known: false };
}
