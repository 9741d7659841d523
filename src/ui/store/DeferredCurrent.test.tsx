// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulate } from '../../engine/simulate';
import { buildRunInfo } from '../../playback/runInfo';
import { findScenario } from '../../scenarios';
import type { RunSimulation } from '../workers/simulationProtocol';
import { createAppStore } from './createAppStore';
import { DeferredCurrent, SETTLE_MS } from './DeferredCurrent';
import { StoreContext } from './storeContext';
import { useCurrent } from './useCurrent';

const inline: RunSimulation = async (input) => {
  const run = simulate(input);
  return { run, info: buildRunInfo(input.yaml, run), ms: 0 };
};

function Shown() {
  const { cursor } = useCurrent();
  return <output>{cursor}</output>;
}

describe('DeferredCurrent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a new run at once, and a step once the cursor has rested for SETTLE_MS', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml: findScenario('happy-path')!.input.yaml });
    const view = render(
      <StoreContext.Provider value={store}>
        <DeferredCurrent>
          <Shown />
        </DeferredCurrent>
      </StoreContext.Provider>,
    );
    const shown = () => view.container.querySelector('output')!.textContent;
    expect(shown()).toBe('-1');

    await act(() => store.getState().apply({ step: 5 }));
    expect(shown()).toBe('4');

    // A burst of presses: nothing follows until the cursor rests.
    for (let i = 0; i < 5; i++) {
      act(() => store.getState().next());
      act(() => vi.advanceTimersByTime(SETTLE_MS / 3));
    }
    expect(shown()).toBe('4');
    act(() => vi.advanceTimersByTime(SETTLE_MS));
    expect(shown()).toBe('9');
  });
});
