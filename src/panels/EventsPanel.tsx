/**
 * Events (docs/CONTRACTS.md §7 hook `events`) as `kubectl get events` prints them as of the current step, filtered to the
 * selected object when there is one.
 */
import { useMemo } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { printEvents, toKEvent } from '../engine/kubectl/eventsTable';

export function EventsPanel() {
  const t = useT();
  const api = useAppApi();
  const { world } = useCurrent();
  const selected = useApp((s) => s.selectedKey);
  const obj = selected && world ? world.etcd.get(selected) : undefined;
  const text = useMemo(() => {
    if (!world) return '';
    const ns = obj?.metadata.namespace ?? 'default';
    const events = world.events
      .map((e) => toKEvent(e))
      .filter((e) => e.namespace === ns && e.firstTimestamp >= 0)
      .filter((e) => !obj || (e.involvedObject.kind === obj.kind && e.involvedObject.name === obj.metadata.name));
    return printEvents(events, { now: world.time, namespace: ns });
  }, [world, obj]);
  return (
    <div data-testid="events" className="events">
      {!world ? (
        <p className="panel-empty">{t('panel.noRun')}</p>
      ) : (
        <>
          <div className="events__head">
            <span>
              {obj
                ? t('panel.events.for', { name: `${obj.kind.toLowerCase()}/${obj.metadata.name}` })
                : t('panel.events.all')}
            </span>
            {obj && (
              <button type="button" className="link-btn" onClick={() => api.getState().select(null)}>
                {t('panel.events.clear')}
              </button>
            )}
          </div>
          <pre className="code code--terminal">{text}</pre>
        </>
      )}
    </div>
  );
}
