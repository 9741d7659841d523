/**
 * Monaco 0.57 (slim entry) + monaco-yaml 5.5.1, bundled, no CDN (TOOLCHAIN.md §4). Loaded lazily with the
 * editor chunk so the diagram appears first.
 */
import * as monaco from 'monaco-editor/editor';
// Editor features we use; `features/register.all` works too but adds ~135 KB gzip.
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
// 0.57 quirk: features/suggest/register does not register the suggest widget's controller; without this import
// the completion popup never appears (TOOLCHAIN.md §9.6).
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/links/register';
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/quickOutline/register';
import 'monaco-editor/features/tokenization/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/readOnlyMessage/register';
import 'monaco-editor/features/placeholderText/register';
import 'monaco-editor/languages/definitions/yaml/register';
import { configureMonacoYaml } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';
import k8sSchema from '../schemas/k8s.schema.json';

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    switch (label) {
      case 'editorWorkerService':
        return new EditorWorker();
      case 'yaml':
        return new YamlWorker();
      default:
        throw new Error(`Unknown Monaco worker label: ${label}`);
    }
  },
};

// monaco-editor >= 0.55 requires createWebWorker({ worker }); monaco-yaml 5.5.x (via monaco-worker-manager) still
// calls createWebWorker({ moduleId, label, createData }). This is the shim monaco-editor 0.54's full entry had.
type LegacyOpts = {
  moduleId?: string;
  label?: string;
  createData?: unknown;
  host?: unknown;
  keepIdleModels?: boolean;
  worker?: unknown;
};
type CreateWebWorker = typeof monaco.editor.createWebWorker;
const originalCreateWebWorker = monaco.editor.createWebWorker;
(monaco.editor as { createWebWorker: unknown }).createWebWorker = (opts: LegacyOpts) => {
  if (opts.worker !== undefined) return originalCreateWebWorker(opts as Parameters<CreateWebWorker>[0]);
  const worker = Promise.resolve(self.MonacoEnvironment!.getWorker!('workerMain.js', opts.label ?? 'yaml')).then(
    (w) => {
      w.postMessage('ignore');
      w.postMessage(opts.createData);
      return w;
    },
  );
  return originalCreateWebWorker({
    worker,
    host: opts.host,
    keepIdleModels: opts.keepIdleModels,
  } as Parameters<CreateWebWorker>[0]);
};

configureMonacoYaml(monaco, {
  enableSchemaRequest: false, // never fetch: also keeps yaml-language-server away from its remote Kubernetes URLs
  hover: true,
  completion: true,
  validate: true,
  format: { enable: true },
  schemas: [{ uri: 'inmemory://schemas/k8s.json', fileMatch: ['**/*.yaml'], schema: k8sSchema as object }],
});

export const MODEL_URI = 'file:///manifest.yaml';
export { monaco };
