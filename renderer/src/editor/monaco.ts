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
// The JSON language loads its mode lazily, and that mode imports every editor contribution
// (`internal/common/workers`), some of which register services (ICodeLensCache,
// treeViewsDndService). Registered after the first editor created Monaco's service collection,
// they are unknown to every later editor, which then throws "[createInstance] … depends on UNKNOWN
// service". Importing them here registers them before any editor exists.
import 'monaco-editor/internal/common/workers';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

let configured = false;

/** Monaco's built-in theme for the page's `data-theme` (set by the theme store). */
function monacoTheme(): string {
  return document.documentElement.dataset.theme === 'dark' ? 'vs-dark' : 'vs';
}

/**
 * Sets up workers once per page, and makes Monaco follow the page's theme (its theme is global to
 * every editor). Safe to call from every editor's mount.
 */
export function setupMonaco(): typeof monaco {
  if (!configured) {
    configured = true;
    window.MonacoEnvironment = {
      getWorker(_workerId: string, label: string): Worker {
        return label === 'json' ? new JsonWorker() : new EditorWorker();
      },
    };
    monaco.editor.setTheme(monacoTheme());
    new MutationObserver(() => monaco.editor.setTheme(monacoTheme())).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  }
  return monaco;
}

export { monaco, jsonDefaults };
