// Lint rules that enforce Gloss's shape, each with the message a contributor needs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const GLUE = '**/gloss-wasm/pkg/*';
const PORT_AND_MESSAGE_APIS = ['sendMessage', 'connect', 'onMessage', 'onConnect'];
// One source for Chrome and Firefox: the promise-based, typed `browser` of webextension-polyfill.
// Chrome's side panel is the one exception; its module says so with an eslint-disable comment.
const USE_BROWSER =
  "Use `browser` from 'webextension-polyfill'. Chrome-only calls go in shared/chrome-side-panel.ts, Firefox-only ones in shared/firefox-sidebar.ts.";
const NO_CHROME_GLOBAL = { name: 'chrome', message: USE_BROWSER };
// `globalThis.chrome`, `(globalThis as …).chrome`: the same global, reached as a property.
const NO_CHROME_PROPERTY = { selector: "MemberExpression[property.name='chrome']", message: USE_BROWSER };
// A later config's `no-restricted-imports` replaces an earlier one's for the same files, so each
// carries the glue's rule along with its own.
const ONLY_CORE_IMPORTS_GLUE = {
  group: [GLUE],
  allowTypeImports: true,
  message: 'Only extension/background/core.ts imports the WASM glue; import from it (or use `import type`).',
};
const restrictImports = (...patterns) => ['error', { patterns: [ONLY_CORE_IMPORTS_GLUE, ...patterns] }];
// Imports run one way: the worker and the panel each build on shared/, and neither on the other.
const SHARED_STANDS_ALONE = {
  group: ['**/background/**', '**/sidepanel/**', '**/content/**'],
  message: 'shared/ is what the worker and the panel both build on: it imports neither of them.',
};
const PANEL_ASKS_WORKER = {
  group: ['**/background/**'],
  message: 'The panel never runs worker code: ask the worker through shared/protocol.',
};
const WORKER_KNOWS_NO_PANEL = {
  group: ['**/sidepanel/**'],
  message: 'The worker does not depend on the panel: what both need belongs in shared/.',
};
const USE_PROTOCOL =
  'Use send()/handleMessages()/connectChat()/onChatConnect()/announcePanel()/onPanelPresence() from extension/shared/protocol.';

export default tseslint.config(
  { ignores: ['dist/', 'dist-firefox/', 'web-ext-artifacts/', 'target/', 'crates/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
      // A function longer than a screen does several jobs: name them. A warning, not an error,
      // so a long table or switch can stay where splitting would only scatter it.
      'max-lines-per-function': ['warn', { max: 40, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'no-restricted-imports': restrictImports(),
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Destructuring a key away (`const { a, ...rest } = x`) is how we drop it.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // `onChange={(e) => setX(e.target.value)}` is the idiom; braces would only add noise.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // A component's body is mostly its markup.
    files: ['**/*.tsx'],
    rules: { 'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test's `describe` holds its cases; its length is the list of cases, not one job.
    files: ['**/*.test.ts', 'e2e/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // Fakes stand in for async APIs without awaiting anything; matchers like
    // expect.stringContaining() are typed `any` by Vitest.
    // A non-null assertion in a test fails loudly, which is what a test wants.
    files: ['**/*.test.ts', '**/test-support.ts', 'e2e/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['extension/**/*.ts', 'extension/**/*.tsx'],
    rules: {
      'no-restricted-globals': ['error', NO_CHROME_GLOBAL],
      'no-restricted-syntax': ['error', NO_CHROME_PROPERTY],
    },
  },
  {
    files: ['extension/**/*.ts', 'extension/**/*.tsx'],
    ignores: ['extension/shared/protocol/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...PORT_AND_MESSAGE_APIS.map((property) => ({ object: 'runtime', property, message: USE_PROTOCOL })),
      ],
      // The same for `chrome.runtime.connect(…)`: no-restricted-properties only sees a bare `runtime`.
      'no-restricted-syntax': [
        'error',
        NO_CHROME_PROPERTY,
        {
          selector: `MemberExpression[object.property.name='runtime'][property.name=/^(${PORT_AND_MESSAGE_APIS.join('|')})$/]`,
          message: USE_PROTOCOL,
        },
      ],
    },
  },
  {
    files: ['extension/sidepanel/**', 'extension/content/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        NO_CHROME_GLOBAL,
        { name: 'fetch', message: 'Pages never talk to a provider: ask the worker through shared/protocol.' },
      ],
    },
  },
  { files: ['extension/shared/**'], rules: { 'no-restricted-imports': restrictImports(SHARED_STANDS_ALONE) } },
  {
    // A panel test may load the built core in Node to check what the worker would make of its
    // output (pdf-read.test.ts); the panel's code may not.
    files: ['extension/sidepanel/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrictImports(PANEL_ASKS_WORKER) },
  },
  { files: ['extension/background/**'], rules: { 'no-restricted-imports': restrictImports(WORKER_KNOWS_NO_PANEL) } },
  { files: ['extension/background/core.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['extension/sidepanel/**/*.tsx', 'extension/sidepanel/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
