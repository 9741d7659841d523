/**
 * The kubectl panel's read-only commands, answered from the world after the current step in kubectl's own output
 * formats (the engine's printers): `get <kinds>[,…] [names] [-o wide|yaml|json|name|jsonpath=…|custom-columns=…]
 * [-l selector] [--show-labels] [--sort-by=path] [-n ns|-A]`, `get events`, `describe <kind> [name]`, `logs`,
 * `auth can-i|whoami`, `rollout status|history` (rolloutCommand.ts), `api-resources` (apiResources.ts) and
 * `explain` (explain.ts). Error texts are kubectl's, so they stay in English in every language;
 * test/oracle.test.ts compares the answers with the real kubectl's against `npm run serve`.
 */
import type { WorldState } from '../api';
import { describeObject } from './describeObject';
import { printEvents, toKEvent } from './eventsTable';
import { noResourcesFound, printGet, sortByKey } from './printers';
import { printCustomColumns, printJsonPath, sortObjects } from './getOutput';
import { listFilter } from '../apiserver/listFilter';
import { kindPrefix, resolveResource, resourceForKind, type ResourceInfo } from './resourceInfo';
import { toJson, toJsonList, toYaml, toYamlList } from './yamlOutput';
import { objectsOf } from '../trace/worldAt';
import { ALL_CATEGORY, API_EXTENSIONS_CATEGORY } from '../objects/resources';
import { crdsAmong, customResourcesOf, resolveServedArg } from '../objects/customResources';
import { COMPONENT_STATUS_DEPRECATED, componentStatuses } from '../objects/componentStatuses';
import { kubeconfigUser } from '../cluster/kubeconfigUser';
import { apiserverDown, componentsDown } from '../cluster/componentsDown';
import { connectionRefused } from './applyLine';
import { answerCanI } from './kubectlAuth';
import { answerLogs } from './kubectlLogs';
import { answerExec } from './kubectlExec';
import { tokenize } from './tokenize';

export { tokenize } from './tokenize';
import { answerTop } from './kubectlTop';
import { answerApiResources } from './apiResources';
import { answerExplain } from './explain';
import { unknownCommand } from './unknownCommand';
import { answerRollout } from './rolloutCommand';
import { TABLE_TABWRITER, tabwrite } from './tabwriter';
import type { UserInfo } from '../messages';
import type { KObject } from '../types';
import { answerWatch, type WatchSource } from './kubectlWatch';

export interface KubectlAnswer {
  command: string;
  output: string;
  ok: boolean;
}

const READ_ONLY_HINT =
  'this panel only answers get, describe, logs, exec, top, auth, rollout status|history, api-resources and explain; edit the manifest and press Apply to change the cluster';
const MUTATING = new Set([
  'apply',
  'create',
  'delete',
  'edit',
  'patch',
  'replace',
  'scale',
  'set',
  'label',
  'annotate',
  'cordon',
  'uncordon',
  'drain',
  'taint',
  'expose',
  'run',
  'autoscale',
]);
const OTHER = new Set([
  'attach',
  'port-forward',
  'proxy',
  'cp',
  'api-versions',
  'config',
  'version',
  'cluster-info',
  'diff',
  'wait',
  'debug',
  'events',
]);
const FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

interface Flags {
  output?: string;
  /** `-l`/`--selector`. */
  selector?: string;
  showLabels: boolean;
  /** `-L`/`--label-columns`, repeatable and comma-separated. */
  labelColumns: string[];
  noHeaders: boolean;
  sortBy?: string;
  namespace: string;
  allNamespaces: boolean;
  args: string[];
  /** `-w`/`--watch`, `--watch-only`. */
  watch?: boolean;
  watchOnly?: boolean;
}

function parseFlags(tokens: string[]): Flags | string {
  const flags: Flags = {
    namespace: 'default',
    allNamespaces: false,
    showLabels: false,
    labelColumns: [],
    noHeaders: false,
    args: [],
  };
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const value = (name: string): string | undefined => {
      if (tok === name) return tokens[++i];
      if (tok.startsWith(`${name}=`)) return tok.slice(name.length + 1);
      if (name.length === 2 && tok.startsWith(name) && tok.length > 2) return tok.slice(2);
      return undefined;
    };
    if (tok === '-A' || tok === '--all-namespaces') flags.allNamespaces = true;
    else if (tok.startsWith('-o') || tok.startsWith('--output')) {
      const v = value(tok.startsWith('--') ? '--output' : '-o');
      if (!v) return `error: flag needs an argument: 'o' in -o`;
      flags.output = v;
    } else if (tok.startsWith('-n') || tok.startsWith('--namespace')) {
      const v = value(tok.startsWith('--') ? '--namespace' : '-n');
      if (!v) return `error: flag needs an argument: 'n' in -n`;
      flags.namespace = v;
    } else if (tok.startsWith('-l') || tok.startsWith('--selector')) {
      const v = value(tok.startsWith('--') ? '--selector' : '-l');
      if (v === undefined) return `error: flag needs an argument: 'l' in -l`;
      flags.selector = v;
    } else if (tok.startsWith('--sort-by')) {
      const v = value('--sort-by');
      if (v === undefined) return 'error: flag needs an argument: --sort-by';
      flags.sortBy = v;
    } else if (tok.startsWith('-L') || tok.startsWith('--label-columns')) {
      const v = value(tok.startsWith('--') ? '--label-columns' : '-L');
      if (v === undefined) return `error: flag needs an argument: 'L' in -L`;
      flags.labelColumns.push(...v.split(',').filter(Boolean));
    } else if (tok === '--show-labels') flags.showLabels = true;
    else if (tok === '--no-headers') flags.noHeaders = true;
    else if (/^(-w|--watch)(=(true|false))?$/.test(tok)) {
      // A snapshot without the run's history (the CLI) cannot watch: it answers as a plain get.
      flags.watch = !tok.endsWith('=false');
    } else if (/^--watch-only(=(true|false))?$/.test(tok)) flags.watchOnly = !tok.endsWith('=false');
    else if (tok.startsWith('--')) return `error: unknown flag: ${tok.split('=')[0]}`;
    else if (tok.startsWith('-') && tok.length > 1) return `error: unknown shorthand flag: '${tok[1]}' in ${tok}`;
    else flags.args.push(tok);
  }
  return flags;
}

/** cobra's flag errors are followed by the usage hint (kubectl/pkg/cmd/util/helpers.go UsageErrorf). */
function withUsage(error: string, command: string): string {
  return /^error: (unknown (shorthand )?flag|flag needs an argument)/.test(error)
    ? `${error}\nSee 'kubectl ${command} --help' for usage.`
    : error;
}

function err(command: string, output: string): KubectlAnswer {
  return { command, output, ok: false };
}

export interface KubectlOptions {
  /** The kubeconfig user (`auth can-i`, `auth whoami`); kind's kubernetes-admin by default. */
  user?: UserInfo;
  /** The run's history up to the cursor: `get -w` replays it (kubectlWatch.ts). */
  watch?: WatchSource;
}

export function answerKubectl(command: string, world: WorldState, opts: KubectlOptions = {}): KubectlAnswer {
  const trimmed = command.trim();
  const tokens = tokenize(trimmed);
  if (tokens[0] === 'kubectl') tokens.shift();
  const verb = tokens.shift();
  if (!verb) return err(trimmed, 'error: no command given. Try: kubectl get pods');
  if (MUTATING.has(verb)) return err(trimmed, `error: ${READ_ONLY_HINT}`);
  if (OTHER.has(verb))
    return err(trimmed, `error: "kubectl ${verb}" is not simulated here; try get, describe, logs or auth can-i`);
  // Every command the panel answers needs the apiserver (discovery first); with it stopped kubectl gets a refused
  // TCP connection at the kubeconfig's address (kubectl/pkg/cmd/util/helpers.go checkErr).
  if (apiserverDown(world)) return err(trimmed, connectionRefused());
  if (verb === 'logs') return { command: trimmed, ...answerLogs(tokens, world) };
  // exec runs a process in the container as it is at this moment; its side effects are not kept (the panel reads a
  // world, it does not change it), the same command as an intervention draws the request's path.
  if (verb === 'exec')
    return {
      command: trimmed,
      ...answerExec(tokens, {
        get: (k) => world.etcd.get(k),
        time: world.time,
        down: componentsDown(world),
      }),
    };
  if (verb === 'top') return { command: trimmed, ...answerTop(tokens, world) };
  if (verb === 'api-resources')
    return {
      command: trimmed,
      ...answerApiResources(tokens, customResourcesOf(crdsAmong(objectsOf(world)))),
    };
  if (verb === 'explain') return { command: trimmed, ...answerExplain(tokens, crdsAmong(objectsOf(world))) };
  if (verb === 'rollout') {
    const sub = tokens.shift();
    // `--revision N` (history): taken out before the common flags.
    let revision: number | undefined;
    const r = tokens.findIndex((t) => t === '--revision' || t.startsWith('--revision='));
    if (r >= 0) {
      const [raw] = tokens[r].includes('=') ? [tokens[r].split('=')[1]] : tokens.splice(r + 1, 1);
      tokens.splice(r, 1);
      revision = Number(raw);
      if (!Number.isInteger(revision))
        return err(trimmed, `error: invalid argument "${raw ?? ''}" for "--revision" flag`);
    }
    const rolloutFlags = parseFlags(tokens);
    if (typeof rolloutFlags === 'string') return err(trimmed, withUsage(rolloutFlags, `rollout ${sub ?? ''}`.trim()));
    const args = sub === undefined ? [] : [sub, ...rolloutFlags.args];
    return { command: trimmed, ...answerRollout(args, rolloutFlags.namespace, world, revision) };
  }
  if (verb === 'auth')
    return { command: trimmed, ...answerAuth(tokens, world, opts.user ?? kubeconfigUser(undefined)) };
  if (verb !== 'get' && verb !== 'describe') return err(trimmed, unknownCommand(verb));
  const flags = parseFlags(tokens);
  if (typeof flags === 'string') return err(trimmed, withUsage(flags, verb));
  // resource.Builder: names and a selector exclude each other.
  if (flags.selector !== undefined && (flags.args.length > 1 || flags.args[0]?.includes('/')))
    return err(trimmed, 'error: name cannot be provided when a selector is specified');
  if (verb === 'get' && (flags.watch || flags.watchOnly) && opts.watch && (!flags.output || flags.output === 'wide'))
    return watch(trimmed, flags, world, opts.watch);
  const answer = verb === 'get' ? get(trimmed, flags, world) : describe(trimmed, flags, world);
  const t = targets(flags.args);
  // The apiserver's deprecation warning for v1 Endpoints (k8s.io/apiserver pkg/endpoints/deprecation, from the type's
  // prerelease-lifecycle: deprecated in 1.33, replaced by EndpointSlice), which
  // kubectl prints on stderr before the answer.
  if (typeof t !== 'string' && t.some((x) => x.info.kind === 'Endpoints'))
    return { ...answer, output: `Warning: ${ENDPOINTS_DEPRECATED}\n${answer.output}` };
  if (typeof t !== 'string' && t.some((x) => x.info.kind === 'ComponentStatus'))
    return { ...answer, output: `Warning: ${COMPONENT_STATUS_DEPRECATED}\n${answer.output}` };
  return answer;
}

export const ENDPOINTS_DEPRECATED = 'v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice';

/** `get TYPE -w` over the run's history (kubectlWatch.ts). */
function watch(command: string, flags: Flags, world: WorldState, source: WatchSource): KubectlAnswer {
  const parsed = targets(flags.args);
  if (typeof parsed === 'string') return err(command, parsed);
  // get.go watch(): one resource type only.
  if (parsed.length > 1)
    return err(
      command,
      `error: watch is only supported on individual resources and resource collections, but ${parsed.length} resources were found`,
    );
  const matches = flags.selector !== undefined ? listFilter(flags.selector) : () => true;
  if (typeof matches === 'string') return err(command, `Error from server (BadRequest): ${matches}`);
  const [{ info, names }] = parsed;
  const ctx = {
    now: world.time,
    wide: flags.output === 'wide',
    allNamespaces: flags.allNamespaces,
    namespace: flags.namespace,
    objects: objectsOf(world),
    showLabels: flags.showLabels || undefined,
    labelColumns: flags.labelColumns.length ? flags.labelColumns : undefined,
    noHeaders: flags.noHeaders || undefined,
  };
  return { command, output: answerWatch(info, names, matches, ctx, !!flags.watchOnly, source), ok: true };
}

/** `auth can-i …` and `auth whoami` (its SelfSubjectReview printed as kubectl's ATTRIBUTE/VALUE table). */
function answerAuth(tokens: string[], world: WorldState, user: UserInfo): { output: string; ok: boolean } {
  const sub = tokens.shift();
  if (sub === 'can-i') return answerCanI(tokens, world, user);
  if (sub === 'whoami') {
    const table = `ATTRIBUTE\tVALUE\nUsername\t${user.name}\nGroups\t[${user.groups.join(' ')}]\n`;
    return { output: tabwrite(table, TABLE_TABWRITER).replace(/\n$/, ''), ok: true };
  }
  return { output: `error: unknown command "${sub ?? ''}" for "kubectl auth"`, ok: false };
}

interface Target {
  info: ResourceInfo;
  names: string[];
}

/** `pods`, `deploy,rs,pods`, `pod/web-1 svc/web`, `pods web-1 web-2` → resource types with optional names. */
function targets(args: string[], crds: readonly KObject[] = []): Target[] | string {
  if (args.length === 0)
    return 'error: You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.';
  if (args[0].includes('/')) {
    const out: Target[] = [];
    for (const a of args) {
      const [type, name] = a.split('/');
      const info = resolveResource(type) ?? resolveServedArg(type, crds);
      if (!info) return `error: the server doesn't have a resource type "${type}"`;
      if (!name) return 'error: arguments in resource/name form must have a single resource and name';
      out.push({ info, names: [name] });
    }
    return out;
  }
  const types = args[0]
    .split(',')
    .filter(Boolean)
    .flatMap((t) => (t === 'all' ? [...ALL_CATEGORY] : t === 'api-extensions' ? [...API_EXTENSIONS_CATEGORY] : [t]));
  const out: Target[] = [];
  for (const type of types) {
    const info = resolveResource(type) ?? resolveServedArg(type, crds);
    if (!info) return `error: the server doesn't have a resource type "${type}"`;
    out.push({ info, names: args.slice(1) });
  }
  if (args.length > 1 && out.length > 1) return 'error: you must specify only one resource type when naming objects';
  return out;
}

function select(objects: KObject[], info: ResourceInfo, flags: Flags): KObject[] {
  return objects.filter(
    (o) =>
      o.kind === info.kind &&
      (!info.namespaced || flags.allNamespaces || (o.metadata.namespace ?? 'default') === flags.namespace),
  );
}

function eventsOf(world: WorldState, flags: Flags) {
  return world.events.map((e) => toKEvent(e)).filter((e) => flags.allNamespaces || e.namespace === flags.namespace);
}

function get(command: string, flags: Flags, world: WorldState): KubectlAnswer {
  const now = world.time;
  const format = flags.output;
  const [formatName, formatArg] = splitFormat(format);
  if (formatName && !['wide', 'yaml', 'json', 'name', 'jsonpath', 'custom-columns'].includes(formatName)) {
    return err(
      command,
      `error: unable to match a printer suitable for the output format "${format}", allowed formats are: ${FORMATS}`,
    );
  }
  if (formatName === 'jsonpath' && !formatArg)
    return err(command, 'error: template format specified but no template given');
  const objects = objectsOf(world);
  const parsed = targets(flags.args, crdsAmong(objects));
  if (typeof parsed === 'string') return err(command, parsed);
  // The reviews and bindings have only a POST route (nonStoredResources.ts).
  if (parsed.some((t) => t.info.rest === 'create' || t.info.rest === 'binding'))
    return err(
      command,
      'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource',
    );
  const ctx = {
    now,
    wide: format === 'wide',
    allNamespaces: flags.allNamespaces,
    namespace: flags.namespace,
    objects,
    showLabels: flags.showLabels || undefined,
    labelColumns: flags.labelColumns.length ? flags.labelColumns : undefined,
    noHeaders: flags.noHeaders || undefined,
  };
  // The apiserver evaluates `-l` (labelSelector on the LIST); a selector that does not parse is its BadRequest.
  const matches = flags.selector !== undefined ? listFilter(flags.selector) : () => true;
  if (typeof matches === 'string') return err(command, `Error from server (BadRequest): ${matches}`);

  if (
    parsed.length === 1 &&
    parsed[0].info.kind === 'Event' &&
    parsed[0].names.length === 0 &&
    (!format || format === 'wide') &&
    flags.selector === undefined &&
    !flags.sortBy &&
    !flags.showLabels &&
    !flags.labelColumns.length &&
    !flags.noHeaders
  ) {
    return { command, output: printEvents(eventsOf(world, flags), ctx), ok: true };
  }

  const missing: string[] = [];
  const byKind: Record<string, KObject[]> = {};
  const kinds: string[] = [];
  for (const { info, names } of parsed) {
    let list =
      info.kind === 'Event'
        ? (world.events as unknown as KObject[]).filter(
            (e) => flags.allNamespaces || e.metadata?.namespace === flags.namespace,
          )
        : info.rest === 'read'
          ? componentStatuses(componentsDown(world))
          : select(objects, info, flags);
    if (names.length) {
      for (const n of names)
        if (!list.some((o) => o.metadata.name === n))
          missing.push(
            `Error from server (NotFound): ${info.group ? `${info.resource}.${info.group}` : info.resource} "${n}" not found`,
          );
      list = names.flatMap((n) => list.filter((o) => o.metadata.name === n));
    } else list = sortByKey(list.filter(matches));
    if (flags.sortBy) {
      const sorted = sortObjects(list, flags.sortBy);
      // A table whose rows all lack the field prints nothing, so kubectl says there is nothing (exit 0); the
      // other printers fail with the sorter's error.
      if (typeof sorted === 'string' && (!formatName || formatName === 'wide') && sorted.includes("couldn't find"))
        return {
          command,
          output: noResourcesFound(
            parsed.every((t) => t.info.namespaced),
            ctx,
          ),
          ok: true,
        };
      if (typeof sorted === 'string') return err(command, sorted);
      list = sorted;
    }
    byKind[info.kind] = [...(byKind[info.kind] ?? []), ...list];
    if (!kinds.includes(info.kind)) kinds.push(info.kind);
  }
  const items = kinds.flatMap((k) => byKind[k]);
  const single = parsed.length === 1 && parsed[0].names.length === 1;
  let out: string;
  if (formatName === 'yaml' || formatName === 'json') {
    if (single && items.length === 1) out = format === 'yaml' ? toYaml(items[0]) : toJson(items[0]);
    else if (single) out = '';
    else out = format === 'yaml' ? toYamlList(items) : toJsonList(items);
  } else if (formatName === 'jsonpath' || formatName === 'custom-columns') {
    const printed =
      formatName === 'jsonpath'
        ? single && items.length <= 1
          ? items.length
            ? printJsonPath(formatArg, items[0])
            : ''
          : printJsonPath(formatArg, items)
        : items.length || !missing.length
          ? printCustomColumns(formatArg, items, flags.noHeaders)
          : '';
    if (typeof printed !== 'string') return err(command, printed.error);
    out = printed;
  } else if (formatName === 'name') {
    // The group of a custom resource is only in its apiVersion (resourceForKind reads it from there).
    out = items
      .map((o) => `${kindPrefix(o.kind, resourceForKind(o.kind, o.apiVersion).group)}/${o.metadata.name}`)
      .join('\n');
  } else if (items.length === 0 && missing.length) {
    out = '';
  } else {
    out = printGet(kinds, byKind, {
      ...ctx,
      withKind: kinds.length > 1 || undefined,
      keepOrder: !!flags.sortBy || undefined,
    });
  }
  const output = [out, ...missing].filter((s) => s !== '').join('\n');
  return { command, output, ok: missing.length === 0 };
}

/** `jsonpath={.x}` → [`jsonpath`, `{.x}`]; `wide` → [`wide`, ``]. */
function splitFormat(format: string | undefined): [string | undefined, string] {
  if (format === undefined) return [undefined, ''];
  const i = format.indexOf('=');
  return i < 0 ? [format, ''] : [format.slice(0, i), format.slice(i + 1)];
}

function describe(command: string, flags: Flags, world: WorldState): KubectlAnswer {
  if (flags.args.length === 0) {
    return err(
      command,
      'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  }
  const objects = objectsOf(world);
  const parsed = targets(flags.args, crdsAmong(objects));
  if (typeof parsed === 'string') return err(command, parsed);
  // The reviews and bindings have only a POST route (nonStoredResources.ts).
  if (parsed.some((t) => t.info.rest === 'create' || t.info.rest === 'binding'))
    return err(
      command,
      'Error from server (MethodNotAllowed): the server does not allow this method on the requested resource',
    );
  const events = world.events.map((e) => toKEvent(e));
  const out: string[] = [];
  let ok = true;
  // `describe pods -l app=web`: the selector picks among the listed objects, as for get.
  const matches = flags.selector !== undefined ? listFilter(flags.selector) : () => true;
  if (typeof matches === 'string') return err(command, `Error from server (BadRequest): ${matches}`);
  for (const { info, names } of parsed) {
    const list = info.rest === 'read' ? componentStatuses(componentsDown(world)) : select(objects, info, flags);
    const chosen = names.length
      ? names.map((n) => list.find((o) => o.metadata.name === n) ?? n)
      : sortByKey(list.filter(matches));
    if (chosen.length === 0) out.push(`No resources found in ${flags.namespace} namespace.`);
    for (const o of chosen) {
      if (typeof o === 'string') {
        ok = false;
        out.push(
          `Error from server (NotFound): ${info.group ? `${info.resource}.${info.group}` : info.resource} "${o}" not found`,
        );
        continue;
      }
      const text = describeObject(o, { now: world.time, events, objects });
      out.push(
        text ??
          `Name:         ${o.metadata.name}\n(describe for ${info.kind} is not simulated; try get ${info.resource} ${o.metadata.name} -o yaml)`,
      );
    }
  }
  return { command, output: out.join('\n\n\n'), ok };
}
