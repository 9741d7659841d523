/**
 * The share-link fragment of docs/CONTRACTS.md §8: `#s=1.<base64url(deflate-raw(UTF-8 JSON))>`, JSON `{ v: 1, yaml, … }`.
 * UTF-8 first, so Chinese comments survive. Pure apart from CompressionStream / DecompressionStream (Chromium and
 * Node ≥ 18). Decoding never throws anything but a ShareLinkError with a message a learner can read.
 */
import { validateTimedAction } from '../../engine/validateTimedAction';

const SHARE_VERSION = 1;
/** Interventions a link may carry. */
const MAX_LINK_ACTIONS = 100;

export interface SharePayload {
  v: 1;
  yaml: string;
  /** Interventions, each checked as the CLI checks `--action` (validateTimedAction). */
  actions?: unknown[];
  scenario?: string;
  [extra: string]: unknown;
}

export class ShareLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShareLinkError';
  }
}

/** Largest decompressed payload we accept (a hostile link must not exhaust memory). */
const MAX_DECODED_BYTES = 2_000_000;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text))
    throw new ShareLinkError('The link is damaged: it contains characters that are not base64url.');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new ShareLinkError('The link is damaged: its data is not valid base64url.');
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Input is written a small chunk at a time, each write waiting for the output to be read (a 1.8 MB
 * link inflated to 1.4 GB inside one `write` before the size cap could cancel it). Deflate expands at most
 * ~1,032×, so a 4 KiB chunk yields at most ~4 MiB before the reader sees it and stops at `limit`.
 */
const INFLATE_CHUNK = 4096;

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit?: number,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  const writing = (async () => {
    for (let at = 0; at < bytes.length && !stopped; at += INFLATE_CHUNK) {
      await writer.ready;
      await writer.write(bytes.subarray(at, at + INFLATE_CHUNK) as Uint8Array<ArrayBuffer>);
    }
    if (!stopped) await writer.close();
  })();
  writing.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.length;
    if (limit !== undefined && size > limit) {
      stopped = true;
      await reader.cancel().catch(() => undefined);
      await writer.abort().catch(() => undefined);
      throw new ShareLinkError('The link’s manifest is too large to open.');
    }
    chunks.push(value);
  }
  await writing;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** `1.<base64url>` (the part after `#s=`). */
export async function encodeShare(payload: Omit<SharePayload, 'v'>): Promise<string> {
  return encodeRawJson(JSON.stringify({ ...payload, v: SHARE_VERSION }));
}

/** Pack any JSON text as a format-1 value (exported for tests of hostile payloads). */
export async function encodeRawJson(json: string): Promise<string> {
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `${SHARE_VERSION}.${toBase64Url(packed)}`;
}

export async function decodeShare(value: string): Promise<SharePayload> {
  const dot = value.indexOf('.');
  if (dot < 0) throw new ShareLinkError('The link is damaged: the manifest data has no version.');
  const version = value.slice(0, dot);
  if (version !== String(SHARE_VERSION))
    throw new ShareLinkError(
      `The link was made by a newer Podyssey (format ${version.slice(0, 10)}); this one reads format 1.`,
    );
  const packed = fromBase64Url(value.slice(dot + 1));
  let bytes: Uint8Array;
  try {
    bytes = await pipe(packed, new DecompressionStream('deflate-raw'), MAX_DECODED_BYTES);
  } catch (err) {
    if (err instanceof ShareLinkError) throw err;
    throw new ShareLinkError('The link is damaged: its manifest data cannot be decompressed (was it cut short?).');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ShareLinkError('The link is damaged: its manifest data is not valid JSON text.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ShareLinkError('The link is damaged: its manifest data is not an object.');
  const p = parsed as Record<string, unknown>;
  if (p.v !== SHARE_VERSION) throw new ShareLinkError('The link’s manifest data has an unknown version.');
  if (typeof p.yaml !== 'string') throw new ShareLinkError('The link carries no manifest.');
  if (p.actions !== undefined && !Array.isArray(p.actions)) delete p.actions;
  if (Array.isArray(p.actions)) {
    if (p.actions.length > MAX_LINK_ACTIONS)
      throw new ShareLinkError(`The link carries more than ${MAX_LINK_ACTIONS} interventions.`);
    p.actions = p.actions.map((a: unknown, i) => {
      const checked = validateTimedAction(a);
      if ('error' in checked)
        throw new ShareLinkError(`The link’s intervention ${i + 1} is invalid: ${checked.error}.`);
      return checked;
    });
  }
  if (p.scenario !== undefined && typeof p.scenario !== 'string') delete p.scenario;
  return p as SharePayload;
}

/** The `s` value of a `#s=…` fragment (other `&`-separated fragment parts are ignored), or null. */
export function shareParam(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of h.split('&')) if (part.startsWith('s=')) return part.slice(2);
  return null;
}
