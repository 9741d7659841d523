/**
 * The store's cursor: the step on screen, the steps navigation and playback may land on under the current filter,
 * and playback itself. `stepLists` is the one place those lists are computed, for every way a run arrives (a run,
 * a branch switch, an import, a filter change).
 */
import {
  clampSeq,
  initialFilter,
  groupsRepeats,
  navigableSteps,
  nextIn,
  prevIn,
  snapForward,
  type StepFilter,
  type StepsMode,
} from '../../playback/navigation';
import { collapseGroups, groupAt } from '../../playback/messageGroups';
import { DEFAULT_SPEED, faster, normaliseSpeed, slower } from '../../playback/speed';
import { nextMark, prevMark } from '../../playback/timeline';
import type { Session } from './runSlice';
import type { GetState, SetState } from './sliceTypes';

export interface CursorState {
  cursor: number;
  /** Steps manual navigation may land on under the current filter. */
  navigable: number[];
  /** Steps playback lands on: like `navigable` but background steps are always skipped while playing. */
  playable: number[];
  playing: boolean;
  speed: number;
  filter: StepFilter;
}

export interface CursorActions {
  goTo(seq: number): void;
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
  nextPhase(): void;
  prevPhase(): void;
  /** One playback tick: the next playable step, or stop at the end. */
  advance(): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(speed: number): void;
  faster(): void;
  slower(): void;
  setHideBackground(hide: boolean): void;
  /** Step through the key steps only (true) or every step the other filters keep (false). */
  setKeySteps(on: boolean): void;
  setFollowPod(pod: string | null): void;
  /** Step over runs of repeated messages as one (true), one by one (false), or automatically (undefined). */
  setGroupRepeats(on: boolean | undefined): void;
  /** Show each message of the group under the cursor: grouping off, cursor on the group's first step. */
  expandGroup(): void;
}

/** The steps navigation (`navigable`) and playback (`playable`) land on, for a session under a filter. */
export function stepLists(session: Session | null, filter: StepFilter): Pick<CursorState, 'navigable' | 'playable'> {
  if (!session) return { navigable: [], playable: [] };
  if (filter.keySteps && !filter.pod) return { navigable: session.keySteps, playable: session.keySteps };
  const steps = session.run.steps;
  // An imported run's worker already walked its steps for the foreground ones: a 200,000-step trace is not walked
  // again on the page (nor grouped, which needs the walk too).
  if (session.foreground && !filter.pod) {
    const all = filter.hideBackground ? session.foreground : Array.from({ length: steps.length }, (_, i) => i);
    return { navigable: all, playable: session.foreground };
  }
  const collapse = (list: number[]) =>
    groupsRepeats(filter, steps.length) ? collapseGroups(list, session.groups) : list;
  return {
    navigable: collapse(navigableSteps(steps, filter)),
    playable: collapse(navigableSteps(steps, { ...filter, hideBackground: true })),
  };
}

export function cursorSlice(
  set: SetState,
  get: GetState,
  initial: { speed?: number; steps?: StepsMode },
): CursorState & CursorActions {
  const moveTo = (seq: number | undefined) => {
    const s = get().session;
    if (!s || seq === undefined) return;
    set({ cursor: clampSeq(seq, s.run.steps.length) });
  };
  const setFilter = (filter: StepFilter) => {
    const lists = stepLists(get().session, filter);
    set({ filter, ...lists });
    return lists;
  };

  return {
    cursor: -1,
    navigable: [],
    playable: [],
    playing: false,
    speed: normaliseSpeed(initial.speed ?? DEFAULT_SPEED),
    filter: initialFilter(initial.steps),

    goTo: (seq) => moveTo(seq),
    next: () => moveTo(nextIn(get().navigable, get().cursor)),
    prev: () => moveTo(prevIn(get().navigable, get().cursor)),
    first: () => moveTo(get().navigable[0]),
    last: () => moveTo(get().navigable[get().navigable.length - 1]),
    nextPhase: () => {
      const { session, cursor, navigable } = get();
      const mark = session && nextMark(session.marks, cursor);
      if (mark) moveTo(snapForward(navigable, mark.seq));
      else get().last();
    },
    prevPhase: () => {
      const { session, cursor, navigable } = get();
      const mark = session && prevMark(session.marks, cursor);
      if (mark) moveTo(snapForward(navigable, mark.seq));
      else get().first();
    },

    advance: () => {
      const { playable, cursor } = get();
      const next = nextIn(playable, cursor);
      if (next === undefined) set({ playing: false });
      else moveTo(next);
    },
    play: () => {
      const { session, cursor, playable } = get();
      if (!session) return;
      // Pressing play at the end starts over, as media players do.
      if (nextIn(playable, cursor) === undefined) moveTo(playable[0] ?? 0);
      set({ playing: true });
    },
    pause: () => set({ playing: false }),
    togglePlay: () => (get().playing ? get().pause() : get().play()),
    setSpeed: (speed) => set({ speed: normaliseSpeed(speed) }),
    faster: () => set({ speed: faster(get().speed) }),
    slower: () => set({ speed: slower(get().speed) }),

    setHideBackground: (hideBackground) => void setFilter({ ...get().filter, hideBackground }),
    setGroupRepeats: (groupRepeats) => void setFilter({ ...get().filter, groupRepeats }),
    setKeySteps: (keySteps) => {
      // Leaving the key steps shows the full trace without the heartbeats; the cursor stays where it is.
      setFilter({ ...get().filter, keySteps, ...(keySteps ? {} : { hideBackground: true }) });
    },
    expandGroup: () => {
      const { session, cursor } = get();
      const group = session ? groupAt(session.groups, cursor) : undefined;
      get().setGroupRepeats(false);
      if (group) moveTo(group.start);
    },
    setFollowPod: (pod) => {
      const { navigable } = setFilter({ ...get().filter, pod });
      // Land on the Pod's first step at or after the cursor, so the view shows something about it.
      if (pod) moveTo(snapForward(navigable, get().cursor));
    },
  };
}
