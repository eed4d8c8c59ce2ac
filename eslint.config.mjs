// Lint with boundaries: domain code (use cases) may not import transport or storage
// libraries, services may not import each other, web features may not import each other.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const services = ['auth', 'content', 'linkedin', 'linkedin-sandbox', 'scheduler'];

/**
 * The two test stacks that still start the services their service calls (issue #17, item 4: the
 * LinkedIn and scheduler services get fakes of the content API, as content got one of auth's
 * quota). Listed by name so that no other test can cross a boundary.
 */
const stacksAcrossServices = ['services/linkedin/test/support/stack.ts', 'services/scheduler/test/support/stack.ts'];

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
  ...services.map((service) => ({
    // a service's tests too: they start that service alone, its peers played by the test kit's
    // fakes (platform/src/testing/fakes), and journeys across services live in robustness/ and e2e/
    files: [`services/${service}/src/**/*.ts`, `services/${service}/test/**/*.ts`],
    ignores: stacksAcrossServices,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...services.filter((s) => s !== service), 'gateway'].flatMap((s) => [
                `**/services/${s}/**`,
                `../${s}/**`,
                `../../${s}/**`,
                `../../../${s}/**`,
                `../../../../${s}/**`,
                `@postwright/${s}`,
                `@postwright/${s}/**`,
              ]),
              message: 'Services do not import each other, in their tests neither: use an event, an internal HTTP call, or a fake from the test kit.',
            },
          ],
        },
      ],
    },
  })),
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
    // issue #18: a screen is split into its steps and data hooks before it grows past this
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
