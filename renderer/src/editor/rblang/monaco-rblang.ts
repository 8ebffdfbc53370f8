/**
 * The `rblang` language in Monaco: the tokenizer (XML, with expressions inside `expression` and
 * `value` attributes tokenized as expressions), brackets and comments, and the contributions the
 * map editor needs beyond the fact editor's (go to definition, references, snippets).
 * Language features that depend on a map (completions, hover, definitions) are registered per
 * editor by `useRblangEditor`.
 */
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import { setupMonaco } from '../monaco';
import type { monaco as Monaco } from '../monaco';

export const RBLANG = 'rblang';

const tokenizer: Monaco.languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.rblang',
  ignoreCase: false,
  keywords: [
    'and',
    'or',
    'is',
    'equal',
    'equals',
    'to',
    'not',
    'does',
    'greater',
    'less',
    'than',
    'gt',
    'gte',
    'lt',
    'lte',
    'true',
    'false',
  ],
  tokenizer: {
    root: [
      [/<!--/, 'comment', '@comment'],
      [/<!\[CDATA\[/, 'string.cdata', '@cdata'],
      [/<\?/, 'metatag', '@processing'],
      [/(<\/?)([\w.:-]+)/, ['delimiter', { token: 'tag', next: '@tag' }]],
      [/&\w+;|&#\d+;/, 'string.escape'],
      [/%[A-Za-z_]\w*/, 'variable'],
      [/[^<&%]+/, ''],
      [/[&%]/, ''],
    ],
    comment: [
      [/-->/, 'comment', '@pop'],
      [/[^-]+/, 'comment'],
      [/-/, 'comment'],
    ],
    cdata: [
      [/\]\]>/, 'string.cdata', '@pop'],
      [/[^\]]+/, 'string.cdata'],
      [/\]/, 'string.cdata'],
    ],
    processing: [
      [/\?>/, 'metatag', '@pop'],
      [/[^?]+/, 'metatag'],
      [/\?/, 'metatag'],
    ],
    tag: [
      [/\s+/, ''],
      [/(expression|value)(\s*=\s*)(")/, ['attribute.name', 'delimiter', { token: 'attribute.value', next: '@expression' }]],
      [/([\w.:-]+)(\s*=\s*)(")/, ['attribute.name', 'delimiter', { token: 'attribute.value', next: '@value' }]],
      [/([\w.:-]+)(\s*=\s*)(')/, ['attribute.name', 'delimiter', { token: 'attribute.value', next: '@singleValue' }]],
      [/[\w.:-]+/, 'attribute.name'],
      [/\/?>/, 'delimiter', '@pop'],
    ],
    value: [
      [/"/, 'attribute.value', '@pop'],
      [/%[A-Za-z_]\w*/, 'variable'],
      [/\{\{[^}]*\}\}/, 'variable'],
      [/&\w+;/, 'string.escape'],
      [/[^"%{&]+/, 'attribute.value'],
      [/./, 'attribute.value'],
    ],
    singleValue: [
      [/'/, 'attribute.value', '@pop'],
      [/[^']+/, 'attribute.value'],
    ],
    expression: [
      [/"/, 'attribute.value', '@pop'],
      [/'(?:[^'\\"]|\\.)*'/, 'string'],
      [/%[A-Za-z_]\w*/, 'variable'],
      [/&(lt|gt|amp|quot|apos);/, 'operator'],
      [/\d+(\.\d+)?/, 'number'],
      [/[A-Za-z_]\w*(?=\s*\()/, 'predefined'],
      [/[A-Za-z_]\w*/, { cases: { '@keywords': 'keyword', '@default': 'identifier' } }],
      [/[=!<>+\-*/]+/, 'operator'],
      [/[(),]/, 'delimiter'],
      [/\s+/, ''],
      [/./, ''],
    ],
  },
};

let registered = false;

/** Registers the language once per page and returns Monaco. */
export function setupRblang(): typeof Monaco {
  const monaco = setupMonaco();
  if (!registered) {
    registered = true;
    monaco.languages.register({ id: RBLANG, extensions: ['.rbl', '.rblang'], aliases: ['RBLang'] });
    monaco.languages.setMonarchTokensProvider(RBLANG, tokenizer);
    monaco.languages.setLanguageConfiguration(RBLANG, {
      comments: { blockComment: ['<!--', '-->'] },
      brackets: [
        ['<', '>'],
        ['(', ')'],
      ],
      autoClosingPairs: [
        { open: '"', close: '"' },
        { open: "'", close: "'", notIn: ['string'] },
        { open: '(', close: ')' },
        { open: '<!--', close: ' -->' },
      ],
      wordPattern: /%?[\w-]+/,
    });
  }
  return monaco;
}
