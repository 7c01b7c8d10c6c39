// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Folder names directly under `dir`, so that every new feature or module gets its own wall. */
function subfolders(dir) {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const features = subfolders('./src/client/features/');
const modules = subfolders('./src/server/modules/');

// STYLE.md section 2: the walls between zones. Paths are resolved, so `../../server/x` and an
// alias are judged alike.
const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server', './src/cli'],
    message: 'shared must not import client, server or cli code.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'server must never import client code.',
  },
  { target: './src/client', from: './src/cli', message: 'client must not import cli code.' },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'Client features do not import each other; compose them in src/client/app (its routes, or app/converter/).',
  })),
  ...modules.map((module) => ({
    target: `./src/!(server)/**/*`,
    from: `./src/server/modules/${module}/*.queries.ts`,
    message: 'Reach another module through its exported operations, never through its queries.',
  })),
  ...modules.flatMap((module) =>
    modules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./src/server/modules/${module}`,
        from: `./src/server/modules/${other}/*.queries.ts`,
        message: 'Reach another module through its exported operations, never through its queries.',
      })),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'src/client/public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'src/server/extraction/read/pool/read-worker-entry.mjs',
            'src/server/modules/jobs/export/export-worker-entry.mjs',
            'tests/support/refuse-typescript.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Adapter contracts are interfaces (STYLE.md section 5).
    files: ['src/server/{auth,storage,llm,mail,jobs}/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'shared code runs in the browser too: no node built-ins.' },
            { regex: '^react', message: 'shared code holds no React.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'window', 'document'],
    },
  },
  {
    ...reactHooks.configs.flat['recommended-latest'],
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server(/|$)',
              allowTypeImports: true,
              message: 'The client imports server code only with `import type`.',
            },
            { regex: '^node:', message: 'Browser code cannot use node built-ins.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process'],
    },
  },
  {
    // Toasts go through lib/toast.ts, which loads sonner and mounts the toaster on first use; a
    // toast raised with sonner directly would wait for a toaster that never comes.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/lib/toast.ts', 'src/client/components/ui/toaster.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'sonner', message: 'Use `toast` from src/client/lib/toast.ts.' }] },
      ],
    },
  },
  {
    // pdf.js is loaded by one module, which settles how it runs in a thread (see its comments).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/extraction/read/formats/pdf/pdfjs.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^pdfjs-dist',
              allowTypeImports: true,
              message: 'Load pdf.js through src/server/extraction/read/formats/pdf/pdfjs.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the env module reads the environment.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from src/server/env.ts.' },
      ],
    },
  },
  {
    // The docs' examples are Node scripts readers run (and tests/integration/docs-examples.test.ts
    // runs): they read ROWSMITH_URL and ROWSMITH_API_KEY from their environment. The page only
    // shows them as text (`?raw`), so none of this reaches the browser bundle.
    files: ['docs/examples/**/*.mts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
