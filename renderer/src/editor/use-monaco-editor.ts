/**
 * One Monaco editor bound to a component's lifetime: the model and the editor are created on mount
 * and disposed on unmount, together with everything registered for them (completion provider,
 * listeners). Held in shallowRefs: Monaco objects must never become reactive proxies.
 */
import { onBeforeUnmount, onMounted, shallowRef, watch } from 'vue';
import type { Ref, ShallowRef } from 'vue';
import { jsonDefaults, setupMonaco } from './monaco';
import type { monaco as Monaco } from './monaco';
import { completionContext } from './completions';
import type { CompletionSource } from './completions';
import type { JsonSchema } from './inject-schema';

type Editor = Monaco.editor.IStandaloneCodeEditor;
type Model = Monaco.editor.ITextModel;

interface MonacoEditorOptions {
  readonly container: Ref<HTMLElement | null>;
  readonly text: Ref<string>;
  readonly ariaLabel: string;
  readonly schema: Ref<JsonSchema>;
  readonly schemaUri: string;
  readonly completions: Ref<CompletionSource | null>;
  readonly onChange: (text: string) => void;
  /** Ctrl/Cmd+Enter in the editor (e.g. "Inject"). */
  readonly onSubmit?: () => void;
  /** Shown while the editor is empty (default: an example fact). */
  readonly placeholder?: string;
  /** The model's problems (schema and syntax), whenever they change, with the text they were found in. */
  readonly onProblems?: (problems: EditorProblem[], text: string) => void;
}

/** One marker of the model, in words a screen reader can read out. */
export interface EditorProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

let modelCounter = 0;

/**
 * Every mounted editor's schema by model URI. Monaco's JSON diagnostics options are global, so
 * each editor (the fact editor, the case editor) sets them to all of these, not only its own.
 */
const mountedSchemas = new Map<string, { uri: string; fileMatch: string[]; schema: JsonSchema }>();

function applyAllSchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    schemaValidation: 'error',
    schemas: [...mountedSchemas.values()],
  });
}

export function useMonacoEditor(options: MonacoEditorOptions): { editor: ShallowRef<Editor | null>; model: ShallowRef<Model | null> } {
  const editor = shallowRef<Editor | null>(null);
  const model = shallowRef<Model | null>(null);
  const disposables: Monaco.IDisposable[] = [];

  function applySchema(): void {
    const uri = model.value?.uri.toString();
    if (!uri) return;
    mountedSchemas.set(uri, { uri: options.schemaUri, fileMatch: [uri], schema: options.schema.value });
    applyAllSchemas();
  }

  onMounted(() => {
    const element = options.container.value;
    if (!element) return;
    const monaco = setupMonaco();
    modelCounter += 1;
    const created = monaco.editor.createModel(
      options.text.value,
      'json',
      monaco.Uri.parse(`inmemory://lapwing/facts-${modelCounter}.json`),
    );
    model.value = created;
    editor.value = monaco.editor.create(element, {
      model: created,
      ariaLabel: options.ariaLabel,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      tabSize: 2,
      fixedOverflowWidgets: true,
      // Keyboard users leave the editor with Tab (Ctrl+M toggles back to inserting tabs).
      tabFocusMode: true,
      accessibilitySupport: 'auto',
      placeholder: options.placeholder ?? '[{ "subject": "…", "relationship": "…", "object": "…", "certainty": 100 }]',
      wordWrap: 'on',
    });
    applySchema();
    disposables.push(
      created.onDidChangeContent(() => options.onChange(created.getValue())),
      monaco.languages.registerCompletionItemProvider('json', {
        triggerCharacters: ['"', ':'],
        provideCompletionItems(target, position) {
          const source = options.completions.value;
          if (target !== created || !source) return { suggestions: [] };
          const offset = target.getOffsetAt(position);
          const text = target.getValue();
          const context = completionContext(text.slice(0, offset), text.slice(offset));
          if (!context) return { suggestions: [] };
          const start = target.getPositionAt(offset - context.prefix.length);
          const range = new monaco.Range(start.lineNumber, start.column, position.lineNumber, position.column);
          const kinds = {
            relationship: monaco.languages.CompletionItemKind.Property,
            instance: monaco.languages.CompletionItemKind.EnumMember,
            value: monaco.languages.CompletionItemKind.Value,
          };
          return {
            suggestions: source(context).map((entry, index) => ({
              label: entry.label,
              kind: kinds[entry.kind],
              insertText: context.inString || !entry.quoted ? entry.label : JSON.stringify(entry.label),
              range,
              sortText: String(index).padStart(5, '0'),
              ...(entry.detail ? { detail: entry.detail } : {}),
              ...(entry.documentation ? { documentation: entry.documentation } : {}),
            })),
          };
        },
      }),
    );
    if (options.onProblems) {
      const report = options.onProblems;
      disposables.push(
        monaco.editor.onDidChangeMarkers((uris) => {
          if (!uris.some((uri) => uri.toString() === created.uri.toString())) return;
          report(
            monaco.editor
              .getModelMarkers({ resource: created.uri })
              .filter((marker) => marker.severity >= monaco.MarkerSeverity.Warning)
              .map((marker) => ({
                line: marker.startLineNumber,
                column: marker.startColumn,
                message: marker.message,
                severity: marker.severity === monaco.MarkerSeverity.Error ? 'error' : 'warning',
              })),
            created.getValue(),
          );
        }),
      );
    }
    if (options.onSubmit) {
      const submit = options.onSubmit;
      editor.value.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => submit());
    }
  });

  watch(options.schema, applySchema);
  // Outside changes (e.g. "Load example"), without looping on the editor's own edits.
  watch(options.text, (value) => {
    if (model.value && model.value.getValue() !== value) model.value.setValue(value);
  });

  onBeforeUnmount(() => {
    const uri = model.value?.uri.toString();
    if (uri && mountedSchemas.delete(uri)) applyAllSchemas();
    for (const disposable of disposables.splice(0)) disposable.dispose();
    editor.value?.dispose();
    model.value?.dispose();
    editor.value = null;
    model.value = null;
  });

  return { editor, model };
}
