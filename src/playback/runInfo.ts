/**
 * What the editor needs from a run, computed next to the simulation (in the worker, where the YAML parser
 * already is): markers for kubectl's and the apiserver's rejections and for YAML syntax errors, each on the exact
 * line of the field it names, and the manifest line of every `step.source`.
 */
import type { Run } from '../engine/api';
import {
  formatKubectlManifestError,
  parseManifest,
  positionOf,
  type ManifestDoc,
  type Position,
} from '../engine/manifest/parseManifest';
import type { Step } from '../engine/types';
import { podOfStep, sourceKey, type LineRange } from './sourceKey';

export interface EditorMarker {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  severity: 'error' | 'warning';
}

export interface RunInfo {
  markers: EditorMarker[];
  /** sourceKey(step) → manifest lines. */
  lines: Record<string, LineRange>;
  /** What kubectl printed for manifest errors that stopped it before sending anything. */
  intakeLines: string[];
}

const WORKLOAD_KINDS = new Set([
  'Deployment',
  'ReplicaSet',
  'ReplicationController',
  'StatefulSet',
  'DaemonSet',
  'Job',
]);

export function buildRunInfo(
  yaml: string,
  run: Pick<Run, 'apply' | 'inputErrors' | 'steps'>,
  filename = 'manifest.yaml',
): RunInfo {
  const parsed = parseManifest(yaml);
  const lineLength = lineLengths(yaml);
  const wholeLine = (line: number, column = 1): Omit<EditorMarker, 'message' | 'severity'> => ({
    line,
    column,
    endLine: line,
    endColumn: Math.max(column + 1, (lineLength[line - 1] ?? 0) + 1),
  });
  const markers: EditorMarker[] = [];
  for (const e of run.inputErrors) {
    markers.push({ ...wholeLine(e.line ?? 1, e.column ?? 1), message: e.message, severity: 'error' });
  }
  for (const w of parsed.warnings) {
    if (w.line) markers.push({ ...wholeLine(w.line, w.column ?? 1), message: w.message, severity: 'warning' });
  }
  for (const result of run.apply) {
    if (result.ok) continue;
    const doc = parsed.docs.find((d) => d.index === result.doc);
    const errors = result.errors?.length ? result.errors : [{ path: '', message: result.line }];
    for (const e of errors) {
      if (e.line) {
        markers.push({ ...wholeLine(e.line, e.column ?? 1), message: e.message, severity: 'error' });
        continue;
      }
      const range = doc ? fieldRange(doc, normalisePath(e.path || pathFromMessage(e.message))) : undefined;
      if (range) markers.push({ ...range, message: e.message, severity: 'error' });
    }
  }

  const lines: Record<string, LineRange> = {};
  for (const step of run.steps) {
    const key = sourceKey(step);
    if (!key || key in lines) continue;
    const found = resolveSource(parsed.docs, step);
    if (found) lines[key] = { line: found.line, endLine: found.endLine };
  }
  const intakeLines = run.inputErrors.length ? parsed.errors.map((e) => formatKubectlManifestError(e, filename)) : [];
  return { markers, lines, intakeLines };
}

/**
 * The field a decode error names when the error carries no path: `unknown field "spec.replica"` (strict
 * decoding), `Go struct field Deployment.spec.replicas of type int32` (json unmarshal).
 */
export function pathFromMessage(message: string): string {
  const unknown = /unknown field "([^"]+)"/.exec(message);
  if (unknown) return unknown[1];
  const typed = /Go struct field [A-Za-z0-9]+\.(\S+) of type/.exec(message);
  return typed ? typed[1] : '';
}

/** `.spec.replica`, `spec.template.spec.containers[0].image` → the positions table's form. */
function normalisePath(path: string): string {
  return path.replace(/^\./, '');
}

/** From the key (so an unknown field is underlined where it is written) to the end of its value's first line. */
function fieldRange(doc: ManifestDoc, path: string): Omit<EditorMarker, 'message' | 'severity'> | undefined {
  const key = doc.positions[`${path}#key`];
  const value = positionOf(doc, path);
  const start: Position | undefined = key ?? value;
  if (!start) return undefined;
  const end = value && value.line === start.line ? value : start;
  return {
    line: start.line,
    column: start.column,
    endLine: start.line,
    endColumn: Math.max(end.endColumn, start.column + 1),
  };
}

function resolveSource(docs: ManifestDoc[], step: Step): Position | undefined {
  const src = step.source!;
  if (src.doc >= 0) {
    const doc = docs.find((d) => d.index === src.doc);
    return doc ? positionOf(doc, src.path) : undefined;
  }
  // doc -1: a field of the Pod's own spec. Find the document the Pod came from: a bare Pod with its name, or the
  // workload whose name prefixes it (web → web-5d8f…-x2k4q), where the field sits under spec.template.
  const pod = podOfStep(step);
  if (!pod) return undefined;
  const bare = docs.find((d) => d.object.kind === 'Pod' && nameOf(d) === pod);
  if (bare) return positionOf(bare, src.path);
  const owners = docs
    .filter((d) => WORKLOAD_KINDS.has(String(d.object.kind)) && pod.startsWith(`${nameOf(d)}-`))
    .sort((a, b) => nameOf(b).length - nameOf(a).length);
  if (!owners.length) return undefined;
  const path = src.path ? `spec.template.${src.path}` : 'spec.template';
  return positionOf(owners[0], path);
}

function nameOf(doc: ManifestDoc): string {
  const meta = doc.object.metadata as { name?: string } | undefined;
  return meta?.name ?? '';
}

function lineLengths(text: string): number[] {
  return text.split('\n').map((l) => l.replace(/\r$/, '').length);
}
