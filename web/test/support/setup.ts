import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { session } from '../../src/lib/session';
import { resetSubscriptionStore } from '../../src/lib/use-subscription';

// Pages are lazy-loaded; the first load of a module in a test run compiles it, which can be
// slow when other suites run on the same cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // the access token lives in module memory: each test starts signed out
  cleanup();
  session.clear('logout');
  // a payment refused as overdue is known in module memory: each test starts afresh
  resetSubscriptionStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
