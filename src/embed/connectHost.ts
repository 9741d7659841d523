/**
 * The embed's side of docs/CONTRACTS.md §9, for one app instance: answers the host's allow-listed commands, reports
 * ready / stepchange / playstate / loaded / resize, and never posts user-authored text to an unknown origin.
 * Host messages are worked off in slices (HostInbox); commands that need a run and arrive before it is there wait
 * in a CommandQueue and run in order once it is.
 *
 * Privacy: text from a custom manifest — narration, titles, error messages, object names — goes only to
 * the origin named by `origin=`, in broadcasts and in every reply alike. Without `origin=` a reply still reaches
 * the page that asked, but carries only numbers and built-in text. A malformed `origin=` fails closed: the embed
 * then talks to no one (EmbedBridge shows why).
 */
import type { AppStore, AppStoreApi } from '../ui/store/createAppStore';
import { parseUrlOptions } from '../app/urlOptions';
import { isLanguage } from '../i18n/languages';
import type { Translate } from '../i18n/translate';
import { narrate, stepHeadline } from '../playback/narrate';
import { findScenario } from '../scenarios';
import { CommandQueue, MAX_QUEUED } from './CommandQueue';
import { HostInbox, MAX_INBOX } from './HostInbox';
import { acceptEvent, envelope, parseHostMessage, targetFor, type HostCommand, type ReqId } from './protocol';

const MAX_YAML = 64 * 1024;

/** An accepted host command, with the origin its reply goes to. */
interface Queued {
  type: HostCommand;
  reqId?: ReqId;
  data: Record<string, unknown>;
  from: string;
}

/** A manifest the learner or the host typed (not a built-in example): never sent to an unknown origin. */
function userAuthored(s: AppStore): boolean {
  const scenario = s.scenarioId ? findScenario(s.scenarioId) : undefined;
  return !scenario || scenario.input.yaml !== (s.session?.yaml ?? s.yaml);
}

function stepData(s: AppStore, t: Translate, mayShowText: boolean) {
  const steps = s.session?.run.steps ?? [];
  const step = s.cursor >= 0 ? steps[s.cursor] : undefined;
  return {
    step: step ? step.seq + 1 : 0,
    total: steps.length,
    phase: step?.phase ?? null,
    from: step?.from.component ?? null,
    to: step?.to.component ?? null,
    title: step && mayShowText ? stepHeadline(step, t) : '',
    text: step && mayShowText ? narrate(step, t) : '',
  };
}

/** Start talking to the parent window; returns the disconnect. `t` gives the current translator. */
export function connectHost(api: AppStoreApi, t: () => Translate): () => void {
  const url = parseUrlOptions(window.location.search);
  const id = url.id ?? 'podyssey';
  const parent = window.parent;
  if (parent === window) return () => undefined; // not framed: nobody to talk to
  if (url.originError !== undefined) return () => undefined; // fails closed: EmbedBridge shows the error

  const post = (type: string, data?: Record<string, unknown>, reqId?: ReqId, requester?: string) => {
    const { target } = targetFor(url.origin, requester);
    parent.postMessage(envelope(id, type, data, reqId), target);
  };
  // Only `origin=` makes the receiver known: a requester's own origin says who asked, not whom the author trusts.
  const mayShowText = (s: AppStore) => url.origin !== undefined || !userAuthored(s);
  const stepPayload = () => {
    const s = api.getState();
    return stepData(s, t(), mayShowText(s));
  };
  const loadedPayload = () => {
    const s = api.getState();
    const showText = mayShowText(s);
    const errors = (s.session?.info.markers ?? [])
      .filter((m) => m.severity === 'error')
      .map((m) => (showText ? { line: m.line, message: m.message } : { line: m.line }));
    return { total: s.session?.run.steps.length ?? 0, errors };
  };

  // A run exists and no simulation is in flight (a `load` or the first apply); an error settles it too, so that
  // waiting commands get their `not_ready` instead of waiting for ever.
  const settled = () => {
    const st = api.getState().status;
    return st === 'ready' || st === 'error';
  };
  const queue = new CommandQueue<Queued>();
  // Readiness is asked again after each command: a queued `load` starts a new simulation the rest must wait for.
  const drain = () => {
    for (let cmd = queue.take(settled()); cmd; cmd = queue.take(settled())) execute(cmd);
  };

  let readySent = false;
  const pendingLoads: Array<{ reqId?: ReqId; requester: string }> = [];

  const unsubscribe = api.subscribe((s, p) => {
    if (s.session !== p.session && s.session) {
      if (!readySent) {
        readySent = true;
        post('ready', { total: s.session.run.steps.length, scenario: s.scenarioId });
      }
      const waiting = pendingLoads.splice(0);
      if (waiting.length) for (const w of waiting) post('loaded', loadedPayload(), w.reqId, w.requester);
      else post('loaded', loadedPayload());
    }
    if (s.status === 'error' && p.status !== 'error') {
      const message = mayShowText(s) ? (s.error ?? '') : 'the manifest could not be simulated';
      for (const w of pendingLoads.splice(0)) post('error', { code: 'load_failed', message }, w.reqId, w.requester);
      if (!readySent) {
        readySent = true;
        post('ready', { total: 0, scenario: s.scenarioId });
      }
    }
    if (s.cursor !== p.cursor || s.session !== p.session) post('stepchange', stepPayload());
    if (s.playing !== p.playing || s.speed !== p.speed) post('playstate', { playing: s.playing, speed: s.speed });
    // In a microtask: after ready / loaded above, and after the store action that settled the run (apply) has
    // made its remaining updates, so a queued goto is not overwritten by them.
    if (queue.size && s.status !== p.status) queueMicrotask(drain);
  });
  // The first run may already be over (a very fast simulation).
  if (api.getState().session && !readySent) {
    readySent = true;
    post('ready', { total: api.getState().session!.run.steps.length, scenario: api.getState().scenarioId });
  }

  const inbox = new HostInbox<{ data: unknown; from: string }>((m) => receive(m.data, m.from));
  const onMessage = (event: MessageEvent) => {
    if (!acceptEvent(event, parent, window, url.origin)) return;
    const from = event.origin;
    if (inbox.offer({ data: event.data, from })) return;
    const parsed = parseHostMessage(event.data, id);
    if (parsed.kind === 'command' || parsed.kind === 'error')
      post(
        'error',
        { code: 'busy', message: `${MAX_INBOX} messages are waiting; try again later` },
        parsed.reqId,
        from,
      );
  };
  const receive = (raw: unknown, from: string) => {
    const parsed = parseHostMessage(raw, id);
    if (parsed.kind === 'ignore') return;
    if (parsed.kind === 'error') {
      post('error', { code: parsed.code, message: parsed.message }, parsed.reqId, from);
      return;
    }
    const cmd: Queued = { type: parsed.type, reqId: parsed.reqId, data: parsed.data, from };
    const offer = queue.offer(cmd, settled());
    if (offer === 'run') execute(cmd);
    else if (offer === 'full')
      post(
        'error',
        { code: 'not_ready', message: `the simulation has not finished yet and ${MAX_QUEUED} commands are waiting` },
        cmd.reqId,
        from,
      );
  };

  const execute = ({ type, reqId, data, from }: Queued) => {
    const fail = (code: string, message: string) => post('error', { code, message }, reqId, from);
    const ok = () => post('ok', {}, reqId, from);
    const s = api.getState();
    const needRun = () => {
      if (!s.session) {
        fail('not_ready', s.status === 'error' ? 'the simulation failed' : 'the simulation has not finished yet');
        return false;
      }
      return true;
    };
    switch (type) {
      case 'ping':
        post('pong', { protocol: 1, ready: readySent }, reqId, from);
        return;
      case 'getState':
        post(
          'state',
          {
            ...stepPayload(),
            playing: s.playing,
            speed: s.speed,
            lang: s.lang,
            theme: s.theme,
            scenario: s.scenarioId,
            status: s.status,
          },
          reqId,
          from,
        );
        return;
      case 'play':
        if (!needRun()) return;
        s.play();
        ok();
        return;
      case 'pause':
        s.pause();
        ok();
        return;
      case 'next':
      case 'prev':
      case 'first':
      case 'last':
        if (!needRun()) return;
        s.pause();
        s[type]();
        ok();
        return;
      case 'goto': {
        if (!needRun()) return;
        const total = s.session!.run.steps.length;
        const step = data.step;
        if (typeof step !== 'number' || !Number.isInteger(step) || step < 1 || step > total) {
          fail('bad_request', `goto needs data.step, an integer from 1 to ${total}`);
          return;
        }
        s.pause();
        s.goTo(step - 1);
        ok();
        return;
      }
      case 'setOptions': {
        const { lang, theme, motion, speed, controls } = data;
        if (lang !== undefined && (typeof lang !== 'string' || !isLanguage(lang)))
          return fail('bad_request', 'lang must be "en" or "zh-TW"');
        if (theme !== undefined && theme !== 'light' && theme !== 'dark' && theme !== 'system')
          return fail('bad_request', 'theme must be light, dark or system');
        if (motion !== undefined && motion !== 'system' && motion !== 'reduced' && motion !== 'full')
          return fail('bad_request', 'motion must be system, reduced or full');
        if (speed !== undefined && (typeof speed !== 'number' || !(speed > 0 && speed <= 16)))
          return fail('bad_request', 'speed must be a number between 0 and 16');
        if (controls !== undefined && controls !== 'full' && controls !== 'min' && controls !== 'none')
          return fail('bad_request', 'controls must be full, min or none');
        if (lang !== undefined) s.setLang(lang as string);
        if (theme !== undefined) s.setTheme(theme);
        if (motion !== undefined)
          s.setReducedMotion(
            motion === 'reduced' ||
              (motion === 'system' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches),
          );
        if (speed !== undefined) s.setSpeed(speed as number);
        if (controls !== undefined) s.setControls(controls);
        ok();
        return;
      }
      case 'load': {
        const { scenario, yaml } = data;
        if (typeof scenario === 'string') {
          if (!findScenario(scenario)) return fail('bad_request', `no such scenario: ${scenario.slice(0, 80)}`);
          pendingLoads.push({ reqId, requester: from });
          void s.loadScenario(scenario);
          return;
        }
        if (typeof yaml === 'string') {
          if (yaml.length > MAX_YAML) return fail('too_large', `yaml is limited to ${MAX_YAML} characters`);
          pendingLoads.push({ reqId, requester: from });
          api.setState({ yaml, scenarioId: null });
          void s.apply();
          return;
        }
        fail('bad_request', 'load needs data.scenario or data.yaml');
        return;
      }
    }
  };
  window.addEventListener('message', onMessage);

  // Auto-height: the document's height, whenever the layout changes.
  let lastHeight = -1;
  let frame = 0;
  const measure = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const app = document.querySelector('.app');
      const height = Math.ceil(app ? app.scrollHeight : document.documentElement.scrollHeight);
      if (height !== lastHeight && height > 0) {
        lastHeight = height;
        post('resize', { height });
      }
    });
  };
  const ro = new ResizeObserver(measure);
  ro.observe(document.documentElement);
  const app = document.querySelector('.app');
  if (app) ro.observe(app);
  measure();

  return () => {
    inbox.clear();
    queue.clear();
    unsubscribe();
    window.removeEventListener('message', onMessage);
    ro.disconnect();
    cancelAnimationFrame(frame);
  };
}
