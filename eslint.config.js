// Flat config: type-aware TypeScript rules everywhere, no import cycles, and feature boundaries
// in the web app (a feature never imports another feature's internals: DESIGN.md §2).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/build/**',
      'apps/web/.test-builds/**',
      '**/coverage/**',
      'apps/server/drizzle/**',
      'bench/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // Module augmentation needs `interface`.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**/*'],
      // The plugin classifies an import by the file it resolves to: without a resolver that knows
      // .ts/.tsx, no relative import resolved and the rule never fired.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app/**' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'apps/web/src/components/**' },
        { type: 'lib', pattern: 'apps/web/src/lib/**' },
        { type: 'entry', pattern: 'apps/web/src/*', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'entry', allow: ['entry', 'app', 'lib', 'components'] },
            { from: 'app', allow: ['app', 'feature', 'components', 'lib'] },
            { from: 'feature', allow: [['feature', { feature: '${from.feature}' }], 'components', 'lib'] },
            { from: 'components', allow: ['components', 'lib'] },
            { from: 'lib', allow: ['lib'] },
          ],
        },
      ],
    },
  },
  {
    // A dynamic import of zod keeps its whole namespace in the bundle, every locale included
    // (+65 kB gzip on every page with a form): schemas are imported by name, or a shared schema
    // module is imported dynamically instead.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportExpression[source.value=/^(zod|@erepare\\/shared\\/zod)([/].*)?$/]",
          message: 'Pas d’import dynamique de zod : importez un module de schémas partagé (packages/shared/src/schemas).',
        },
      ],
    },
  },
  {
    // Tests may use another feature's fixtures and the app's providers; the product code may not.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/test/**'],
    rules: { 'boundaries/element-types': 'off' },
  },
  {
    // Vite may inline the shared package, but the server must not import the web app and vice versa.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@erepare/web*'], message: 'Le serveur n’importe pas l’application web.' }] }],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@erepare/server*', '@erepare/web*', 'react', 'fastify'], message: 'packages/shared reste pur : aucune dépendance aux applications.' }] },
      ],
    },
  },
);
