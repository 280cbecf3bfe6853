import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['mf-storefront', 'mf-cart', 'mf-artist', 'mf-manage'];
const PACKAGES = ['contracts', 'api-client', 'session', 'ui', 'mf-config', 'server'];

/**
 * How a front end imports a package, the router and antd. Which part may import which (package
 * order, no app importing another, features apart, server modules through their service, no
 * cycles) is .dependency-cruiser.cjs, run by `pnpm lint`.
 */
const importStyle = (app) => ({
  files: [`${app}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...PACKAGES.map((name) => `@atelier/${name}/*`),
              '!@atelier/mf-config/dev-host', // its exports: the remotes' standalone host
            ],
            message: 'Import a package through its public entry point, not its internals.',
          },
          {
            group: ['**/packages/**'],
            message: 'Import a workspace package by its name (@atelier/…), not by path.',
          },
          {
            group: ['react-router', 'react-router/*'],
            message:
              "Import from 'react-router-dom': it is the one shared router (see mf-config router-facade).",
          },
          {
            group: ['antd/lib/*', 'antd/es/*'],
            message: "Import from 'antd': the build maps it to the shared per-component modules.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/.variant-src/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...['shell', ...REMOTES].map(importStyle),
);
