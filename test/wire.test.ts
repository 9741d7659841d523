/** server/wire.ts: the engine's objects as a real apiserver sends them. */
import { describe, expect, it } from 'vitest';
import { toWire, WireClock } from '../server/wire';
import { EPOCH_MS } from '../src/engine/api';

describe('toWire', () => {
  it("places the endpoints controller's trigger-time annotation on the wall clock like creationTimestamp", () => {
    const clock = new WireClock(() => Date.parse('2030-06-01T12:00:00Z'));
    const out = toWire(
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: {
          name: 'web',
          creationTimestamp: 15_000,
          annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '2026-01-15T09:00:15Z' },
        },
      },
      clock,
    ) as any;
    expect(EPOCH_MS).toBe(Date.parse('2026-01-15T09:00:00Z'));
    expect(out.metadata.creationTimestamp).toBe('2030-06-01T12:00:15Z');
    expect(out.metadata.annotations['endpoints.kubernetes.io/last-change-trigger-time']).toBe('2030-06-01T12:00:15Z');
  });
});
