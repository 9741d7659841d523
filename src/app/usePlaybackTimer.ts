/** While playing, advance one step after each step's dwell time (the clock lives here, not in the store). */
import { useEffect } from 'react';
import { dwellMs } from '../playback/speed';
import { useApp, useAppApi } from '../ui/store/useApp';

export function usePlaybackTimer(): void {
  const api = useAppApi();
  const playing = useApp((s) => s.playing);
  const cursor = useApp((s) => s.cursor);
  const speed = useApp((s) => s.speed);
  useEffect(() => {
    if (!playing) return;
    const step = api.getState().session?.run.steps[cursor];
    const id = window.setTimeout(() => api.getState().advance(), dwellMs(speed, step));
    return () => window.clearTimeout(id);
  }, [api, playing, cursor, speed]);
}
