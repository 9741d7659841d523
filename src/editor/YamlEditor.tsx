/**
 * The Monaco editor (lazy chunk). The store's manifest text is the source of truth: typing writes it, loading an
 * example replaces the model's text as an undoable edit. Markers (kubectl's and the apiserver's rejections, YAML
 * syntax errors) and the current step's source line are drawn as decorations.
 */
import { useEffect, useRef } from 'react';
import type { EditorMarker } from '../playback/runInfo';
import type { LineRange } from '../playback/sourceKey';
import { afterPaint } from '../ui/afterPaint';
import { MODEL_URI, monaco } from './monacoSetup';

interface YamlEditorProps {
  value: string;
  onChange(value: string): void;
  onApply(): void;
  markers: readonly EditorMarker[];
  highlight: LineRange | null;
  /** Scroll this line into view; a new nonce asks again for the same line. */
  reveal: { line: number; nonce: number } | null;
  ariaLabel: string;
  /** id of the text announcing how to leave the editor with Tab (Ctrl+M toggles Monaco's tab focus mode). */
  describedBy?: string;
}

/** Monaco follows the app theme: <html data-theme> is set by the app (src/app/theme.ts). */
const monacoTheme = () => (document.documentElement.dataset.theme === 'dark' ? 'vs-dark' : 'vs');

const OWNER = 'podyssey';

export default function YamlEditor({
  value,
  onChange,
  onApply,
  markers,
  highlight,
  reveal,
  ariaLabel,
  describedBy,
}: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const decorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  const callbacks = useRef({ onChange, onApply });
  useEffect(() => {
    callbacks.current = { onChange, onApply };
  });

  useEffect(() => {
    const uri = monaco.Uri.parse(MODEL_URI);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(value, 'yaml', uri);
    const editor = monaco.editor.create(host.current!, {
      model,
      theme: monacoTheme(),
      automaticLayout: true,
      minimap: { enabled: false },
      fixedOverflowWidgets: true,
      scrollBeyondLastLine: false,
      fontFamily: "ui-monospace, 'SF Mono', SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace",
      fontSize: 13,
      lineHeight: 20,
      tabSize: 2,
      insertSpaces: true,
      lineNumbersMinChars: 3,
      glyphMargin: false,
      renderLineHighlight: 'line',
      padding: { top: 8, bottom: 8 },
      ariaLabel,
      quickSuggestions: { other: true, comments: false, strings: true },
      scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
    });
    editorRef.current = editor;
    decorations.current = editor.createDecorationsCollection();
    editor.addAction({
      id: 'podyssey.apply',
      label: 'Apply (kubectl apply -f)',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => callbacks.current.onApply(),
    });
    const sub = model.onDidChangeContent(() => callbacks.current.onChange(model.getValue()));
    if (describedBy) editor.getDomNode()?.querySelector('textarea')?.setAttribute('aria-describedby', describedBy);
    const themeWatch = new MutationObserver(() => monaco.editor.setTheme(monacoTheme()));
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      themeWatch.disconnect();
      sub.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
    // The editor is created once; later value changes are pushed by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || model.getValue() === value) return;
    editor.pushUndoStop();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    editor.pushUndoStop();
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      OWNER,
      markers.map((m) => ({
        startLineNumber: m.line,
        startColumn: m.column,
        endLineNumber: m.endLine,
        endColumn: m.endColumn,
        message: m.message,
        severity: m.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        source: 'kubectl apply',
      })),
    );
  }, [markers]);

  useEffect(() => {
    const editor = editorRef.current;
    const collection = decorations.current;
    if (!editor || !collection) return;
    const show = () => {
      if (!highlight) {
        collection.clear();
        return;
      }
      collection.set([
        {
          range: new monaco.Range(highlight.line, 1, highlight.line, 1),
          options: { isWholeLine: true, className: 'source-line', linesDecorationsClassName: 'source-line-gutter' },
        },
      ]);
      // A whole document (path "") starts at its first line: highlight it, but do not yank the view there.
      if (highlight.endLine === highlight.line)
        editor.revealLineInCenterIfOutsideViewport(highlight.line, monaco.editor.ScrollType.Smooth);
    };
    // After the step's first frame has been painted (a task queued from the next animation frame): the source line
    // is secondary to the diagram, and Monaco re-rendering its lines (4–11 ms measured) would otherwise land in the
    // frame that answers the key press.
    return afterPaint(show);
  }, [highlight]);

  useEffect(() => {
    if (reveal) editorRef.current?.revealLineInCenter(reveal.line, monaco.editor.ScrollType.Immediate);
  }, [reveal]);

  return <div ref={host} className="monaco-host" />;
}
