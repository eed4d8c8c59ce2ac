// Component tests: jsdom, TypeScript + JSX compiled by SWC (type checking is `npm run typecheck`).
// No infrastructure here: the real-stack checks are the Playwright journeys in e2e/.
module.exports = {
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/test/support/jsdom-env.js',
  testEnvironmentOptions: { url: 'http://localhost/' },
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
    // the legal pages' Markdown, rendered as the Vite build renders it
    '^.+\\.md$': '<rootDir>/test/support/markdown-transform.js',
  },
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/test/support/css-module.js',
    '\\.css$': '<rootDir>/test/support/style.js',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/test/support/asset.js',
  },
  setupFiles: ['<rootDir>/test/support/polyfills.js'],
  setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
  testTimeout: 15000,
};
