/**
 * Events (docs/CONTRACTS.md §7 hook `events`) as `kubectl get events` prints them as of the current step: in the
 * namespace the manifest used (all of them, `-A`, when it used several), with a picker for any other, or for the
 * selected object when there is one.
 */
import { useMemo, useState } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { printEvents, toKEvent } from '../engine/kubectl/eventsTable';
import { namespaceScope } from '../playback/defaultKubectlCommand';

/** namespaceScope's value for every namespace. */
const ALL = '-A';

export function EventsPanel() {
  const t = useT();
  const api = useAppApi();
  const { world, session } = useCurrent();
  const selected = useApp((s) => s.selectedKey);
  const obj = selected && world ? world.etcd.get(selected) : undefined;
  // The learner's pick, for this run only: a new run starts again from its manifest's namespaces.
  const [picked, setPicked] = useState<{ session: unknown; ns: string } | null>(null);
  const manifestNs = session?.namespaces;
  const chosen = picked && picked.session === session ? picked.ns : namespaceScope(manifestNs ?? []);
  const ns = obj ? (obj.metadata.namespace ?? 'default') : chosen;
  const options = useMemo(() => {
    const out = new Set<string>([...(manifestNs ?? []), 'default']);
    for (const e of world?.events ?? []) if (e.involvedObject.namespace) out.add(e.involvedObject.namespace);
    out.add('kube-system');
    return [...out];
  }, [manifestNs, world?.events]);
  const text = useMemo(() => {
    if (!world) return '';
    const all = ns === ALL;
    const events = world.events
      .map((e) => toKEvent(e))
      .filter((e) => (all || e.namespace === ns) && e.firstTimestamp >= 0)
      .filter((e) => !obj || (e.involvedObject.kind === obj.kind && e.involvedObject.name === obj.metadata.name));
    return printEvents(events, { now: world.time, ...(all ? { allNamespaces: true } : { namespace: ns }) });
  }, [world, obj, ns]);
  const command = `kubectl get events ${ns === ALL ? '-A' : `-n ${ns}`}`;
  return (
    <div data-testid="events" className="events">
      {!world ? (
        <p className="panel-empty">{t('panel.noRun')}</p>
      ) : (
        <>
          <div className="events__head">
            {obj ? (
              <>
                <span>{t('panel.events.for', { name: `${obj.kind.toLowerCase()}/${obj.metadata.name}` })}</span>
                <button type="button" className="link-btn" onClick={() => api.getState().select(null)}>
                  {t('panel.events.clear')}
                </button>
              </>
            ) : (
              <>
                <label className="events__ns">
                  {t('panel.events.namespace')}{' '}
                  <select
                    value={chosen}
                    data-testid="events-namespace"
                    onChange={(e) => setPicked({ session, ns: e.target.value })}
                  >
                    {options.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                    <option value={ALL}>{t('panel.events.allNamespaces')}</option>
                  </select>
                </label>
                <code className="events__command">$ {command}</code>
              </>
            )}
          </div>
          <pre className="code code--terminal">{text}</pre>
        </>
      )}
    </div>
  );
}
