/** Inline icons (no icon font, no network). Decorative: buttons carry their own accessible names. */
const PATHS = {
  first: 'M6 5h2v14H6zM20 5v14L9.5 12z',
  prev: 'M18 5v14L7.5 12zM5 5h2v14H5z',
  play: 'M7 4.5v15L19.5 12z',
  pause: 'M6.5 5h4v14h-4zM13.5 5h4v14h-4z',
  next: 'M6 5v14l10.5-7zM17 5h2v14h-2z',
  last: 'M4 5v14l10.5-7zM16 5h2v14h-2z',
  prevPhase: 'M11 6v12l-8-6zM20 6v12l-8-6z',
  nextPhase: 'M4 6v12l8-6zM13 6v12l8-6z',
  help: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.75-.9.92C13.45 12.9 13 13.5 13 15h-2v-.5c0-1.1.45-2.1 1.17-2.83l1.24-1.26A2 2 0 1 0 10 9H8a4 4 0 1 1 7.1 2.25z',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  close: 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  apply: 'M8 5v14l11-7z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
  reset: 'M12 5V1L7 6l5 5V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
