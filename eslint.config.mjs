// Lint with boundaries: domain code (use cases) may not import transport or storage
// libraries, services may not import each other, web features may not import each other.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const services = ['auth', 'billing', 'billing-sandbox', 'content', 'linkedin', 'linkedin-sandbox', 'scheduler'];


export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tools/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.use-case.ts', '**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'amqplib', 'amqp-connection-manager', 'mongoose', 'ioredis', 'bullmq', 'http-proxy-middleware'].map((name) => ({
            name,
            message: 'Domain code stays free of transport and storage: take a repository or port instead.',
          })),
        },
      ],
    },
  },
  ...services.flatMap((service) => {
    const others = [...services.filter((s) => s !== service), 'gateway'];
    const sourcesOf = (names) =>
      names.flatMap((s) => [`**/services/${s}/**`, `../${s}/**`, `../../${s}/**`, `../../../${s}/**`, `../../../../${s}/**`, `@postwright/${s}/**`]);
    const rule = (group, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] });
    return [
      {
        files: [`services/${service}/src/**/*.ts`],
        rules: rule(
          [...sourcesOf(others), ...others.map((s) => `@postwright/${s}`)],
          'Services do not import each other: use an event or an internal HTTP call.',
        ),
      },
      {
        // a service's tests start that service alone, its peers played by the test kit's fakes
        // (platform/src/testing/fakes); journeys across services live in robustness/ and e2e/.
        // LinkedIn's double, the sandbox, is started through its package, as the model's stub is.
        files: [`services/${service}/test/**/*.ts`],
        rules: rule(
          [...sourcesOf(others), ...others.filter((s) => !s.endsWith('-sandbox')).map((s) => `@postwright/${s}`)],
          'Service tests do not import other services: use a fake from the test kit (platform/src/testing/fakes), or move the journey to robustness/.',
        ),
      },
    ];
  }),
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/*/**'], message: 'Features do not import each other: move shared pieces to components/ or lib/.' }] },
      ],
    },
  },
  {
    // a screen is split into its steps and data hooks before it grows past this, so each part stays readable
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
