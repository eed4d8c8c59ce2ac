import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy-loaded; the first load of a module in a test run compiles it, which can be
// slow when other suites run on the same cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
