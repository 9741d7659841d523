import { useT } from '../ui/i18n/translateContext';
import type { EditorMarker } from '../playback/runInfo';

/** The markers as a list too: readable without hovering, and by screen readers. */
export function Problems({
  markers,
  stale,
  onPick,
}: {
  markers: readonly EditorMarker[];
  stale: boolean;
  onPick(line: number): void;
}) {
  const t = useT();
  if (markers.length === 0) return null;
  return (
    <details className={`problems${stale ? ' is-stale' : ''}`} open data-testid="problems">
      <summary>{t('editor.problems', { count: markers.length })}</summary>
      <ul>
        {markers.map((m, i) => (
          <li key={i}>
            <button type="button" className={`problem problem--${m.severity}`} onClick={() => onPick(m.line)}>
              <span className="problem__line">{m.line}</span>
              <span className="problem__msg">{m.message}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
