/**
 * One RBLang editor bound to a component's lifetime: the model, the editor, the diagnostics worker
 * (the engine's loader off the UI thread) and the language features over the map index it returns.
 * Everything is created on mount and disposed on unmount; Monaco objects live in shallowRefs.
 *
 * The model is never replaced while the editor lives, so undo and redo reach back across saves;
 * text that arrives from outside (the file changed on disk) is applied as an undoable edit.
 */
import { onBeforeUnmount, onMounted, ref, shallowRef } from 'vue';
import type { Ref, ShallowRef } from 'vue';
import type { monaco as Monaco } from '../monaco';
import type { CheckDiagnostic, CheckResult } from './check-protocol';
import { completionPlace, completionsAt } from './completions';
import { EMPTY_INDEX } from './map-index';
import type { MapIndex, TextRange } from './map-index';
import { MapChecker } from './map-checker';
import type { WorkerLike } from './map-checker';
import { RBLANG, setupRblang } from './monaco-rblang';
import { definitionsAt, hoverAt, referencesAt } from './navigation';

type Editor = Monaco.editor.IStandaloneCodeEditor;
type Model = Monaco.editor.ITextModel;

/** Wait after the last keystroke before checking: longer than the gap between a fast typist's keys (so a burst loads once), short enough for markers within 150 ms. */
const CHECK_DELAY_MS = 50;

interface RblangEditorOptions {
  readonly container: Ref<HTMLElement | null>;
  readonly initialText: string;
  readonly ariaLabel: string;
  readonly readOnly?: boolean;
  readonly onChange?: (text: string) => void;
  readonly onSave?: () => void;
  /** Each completed check (diagnostics, index and the time from the edit to the markers). */
  readonly onChecked?: (result: CheckResult, latencyMs: number) => void;
}

interface RblangEditor {
  readonly editor: ShallowRef<Editor | null>;
  readonly index: ShallowRef<MapIndex>;
  readonly diagnostics: ShallowRef<readonly CheckDiagnostic[]>;
  /** The line the cursor is on (the outline follows it). */
  readonly cursorLine: Ref<number>;
  /** Whether a check is running for the current text. */
  readonly checking: Ref<boolean>;
  /** Moves the cursor to a line (and column), scrolls it into view and focuses the editor. */
  reveal(line: number, column?: number): void;
  /** Highlights a range (a rule) until the next highlight. */
  highlight(range: TextRange | null): void;
  /** Replaces the text as one undoable edit. */
  replaceText(text: string): void;
  getText(): string;
}

let modelCounter = 0;

function toMonacoRange(monaco: typeof Monaco, range: TextRange): Monaco.Range {
  return new monaco.Range(range.line, range.column, range.endLine, range.endColumn);
}

/** A marker covers the word (or tag name) where the loader placed the problem. */
function markerFor(monaco: typeof Monaco, model: Model, diagnostic: CheckDiagnostic): Monaco.editor.IMarkerData {
  const line = Math.min(Math.max(diagnostic.line, 1), model.getLineCount());
  const column = Math.min(Math.max(diagnostic.column, 1), model.getLineMaxColumn(line));
  const word = model.getWordAtPosition({ lineNumber: line, column: column + 1 }) ?? model.getWordAtPosition({ lineNumber: line, column });
  const endColumn = word && word.endColumn > column ? word.endColumn : Math.min(column + 1, model.getLineMaxColumn(line));
  const severity = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning, info: monaco.MarkerSeverity.Info }[
    diagnostic.severity
  ];
  return {
    severity,
    message: diagnostic.message,
    code: diagnostic.code,
    startLineNumber: line,
    startColumn: column,
    endLineNumber: line,
    endColumn,
    source: 'RBLang',
  };
}

export function useRblangEditor(options: RblangEditorOptions): RblangEditor {
  const editor = shallowRef<Editor | null>(null);
  const index = shallowRef<MapIndex>(EMPTY_INDEX);
  const diagnostics = shallowRef<readonly CheckDiagnostic[]>([]);
  const cursorLine = ref(1);
  const checking = ref(false);
  let model: Model | null = null;
  let checker: MapChecker | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let editedAt = 0;
  let decorations: Monaco.editor.IEditorDecorationsCollection | null = null;
  const disposables: Monaco.IDisposable[] = [];

  function check(): void {
    if (!model || !checker) return;
    checking.value = true;
    checker.request(model.getValue());
  }

  onMounted(() => {
    const element = options.container.value;
    if (!element) return;
    const monaco = setupRblang();
    modelCounter += 1;
    const created = monaco.editor.createModel(options.initialText, RBLANG, monaco.Uri.parse(`inmemory://lapwing/map-${modelCounter}.rbl`));
    model = created;
    editor.value = monaco.editor.create(element, {
      model: created,
      ariaLabel: options.ariaLabel,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 4,
      scrollBeyondLastLine: false,
      tabSize: 2,
      fixedOverflowWidgets: true,
      tabFocusMode: true,
      accessibilitySupport: 'auto',
      readOnly: options.readOnly ?? false,
      wordWrap: 'off',
      glyphMargin: false,
    });
    decorations = editor.value.createDecorationsCollection();
    checker = new MapChecker(
      () => new Worker(new URL('./diagnostics.worker.ts', import.meta.url), { type: 'module' }) as unknown as WorkerLike,
      {
        diagnostics(message) {
          checking.value = false;
          diagnostics.value = message.diagnostics;
          monaco.editor.setModelMarkers(
            created,
            'rblang',
            message.diagnostics.map((diagnostic) => markerFor(monaco, created, diagnostic)),
          );
          options.onChecked?.(
            { id: message.id, diagnostics: message.diagnostics, index: index.value, loadMs: message.loadMs, indexMs: 0 },
            performance.now() - editedAt,
          );
        },
        index(message) {
          index.value = message.index;
        },
        failure() {
          checking.value = false;
        },
      },
    );
    editedAt = performance.now();
    check();
    const kinds = {
      element: monaco.languages.CompletionItemKind.Module,
      attribute: monaco.languages.CompletionItemKind.Property,
      value: monaco.languages.CompletionItemKind.Value,
      concept: monaco.languages.CompletionItemKind.Class,
      relationship: monaco.languages.CompletionItemKind.Interface,
      instance: monaco.languages.CompletionItemKind.EnumMember,
      variable: monaco.languages.CompletionItemKind.Variable,
      function: monaco.languages.CompletionItemKind.Function,
    };
    disposables.push(
      created.onDidChangeContent(() => {
        editedAt = performance.now();
        options.onChange?.(created.getValue());
        clearTimeout(timer);
        timer = setTimeout(check, CHECK_DELAY_MS);
      }),
      editor.value.onDidChangeCursorPosition((event) => {
        cursorLine.value = event.position.lineNumber;
      }),
      monaco.languages.registerCompletionItemProvider(RBLANG, {
        triggerCharacters: ['<', ' ', '"', "'", '%', '('],
        provideCompletionItems(target, position) {
          if (target !== created) return { suggestions: [] };
          const offset = target.getOffsetAt(position);
          const place = completionPlace(target.getValue(), offset);
          if (!place) return { suggestions: [] };
          const start = target.getPositionAt(offset - place.prefix.length);
          const range = new monaco.Range(start.lineNumber, start.column, position.lineNumber, position.column);
          return {
            suggestions: completionsAt(place, index.value, position.lineNumber).map((entry, order) => ({
              label: entry.label,
              kind: kinds[entry.kind],
              insertText: entry.insertText,
              ...(entry.snippet ? { insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
              range,
              sortText: String(order).padStart(5, '0'),
              ...(entry.detail ? { detail: entry.detail } : {}),
              ...(entry.documentation ? { documentation: entry.documentation } : {}),
            })),
          };
        },
      }),
      monaco.languages.registerHoverProvider(RBLANG, {
        provideHover(target, position) {
          if (target !== created) return null;
          const word = target.getWordAtPosition(position)?.word;
          const text = hoverAt(index.value, position.lineNumber, position.column, word);
          return text ? { contents: [{ value: text }] } : null;
        },
      }),
      monaco.languages.registerDefinitionProvider(RBLANG, {
        provideDefinition(target, position) {
          if (target !== created) return null;
          return definitionsAt(index.value, position.lineNumber, position.column).map((range) => ({
            uri: created.uri,
            range: toMonacoRange(monaco, range),
          }));
        },
      }),
      monaco.languages.registerReferenceProvider(RBLANG, {
        provideReferences(target, position, context) {
          if (target !== created) return null;
          return referencesAt(index.value, position.lineNumber, position.column, context.includeDeclaration).map((range) => ({
            uri: created.uri,
            range: toMonacoRange(monaco, range),
          }));
        },
      }),
    );
    if (options.onSave) {
      const save = options.onSave;
      editor.value.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => save());
    }
  });

  onBeforeUnmount(() => {
    clearTimeout(timer);
    checker?.dispose();
    for (const disposable of disposables.splice(0)) disposable.dispose();
    editor.value?.dispose();
    model?.dispose();
    editor.value = null;
    model = null;
  });

  return {
    editor,
    index,
    diagnostics,
    cursorLine,
    checking,
    reveal(line, column = 1) {
      const current = editor.value;
      if (!current) return;
      current.setPosition({ lineNumber: line, column });
      current.revealLineInCenter(line);
      current.focus();
    },
    highlight(range) {
      const monaco = setupRblang();
      decorations?.set(
        range
          ? [
              {
                range: toMonacoRange(monaco, range),
                options: { isWholeLine: true, className: 'rblang-highlight', linesDecorationsClassName: 'rblang-highlight-gutter' },
              },
            ]
          : [],
      );
    },
    replaceText(text) {
      if (!model || model.getValue() === text) return;
      model.pushStackElement();
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
      model.pushStackElement();
    },
    getText() {
      return model?.getValue() ?? options.initialText;
    },
  };
}
