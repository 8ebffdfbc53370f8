/**
 * Monaco, trimmed to what the fact editor needs: the editor core, the JSON language (with its
 * worker for schema validation) and the contributions a knowledge engineer expects (suggest, hover,
 * find, folding, bracket matching, error navigation, formatting, clipboard, context menu).
 * Importing `editor.main` instead would pull in ~80 languages we never use.
 *
 * Worker paths are the 0.57 ones (stack.md): the `esm/vs/...` paths of older releases no longer resolve.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/placeholderText/browser/placeholderText.contribution';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
// CSS cannot be reached through the package's export map; the codicon feature imports it for us.
import 'monaco-editor/features/codicon/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

let configured = false;

/** Sets up workers once per page. Safe to call from every editor's mount. */
export function setupMonaco(): typeof monaco {
  if (!configured) {
    configured = true;
    window.MonacoEnvironment = {
      getWorker(_workerId: string, label: string): Worker {
        return label === 'json' ? new JsonWorker() : new EditorWorker();
      },
    };
  }
  return monaco;
}

export { monaco, jsonDefaults };
