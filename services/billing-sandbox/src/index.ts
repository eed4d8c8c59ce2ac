/**
 * The billing sandbox as a package: what the tests of the billing service start in-process
 * (`@postwright/billing-sandbox`), as they start the LinkedIn sandbox. It is Stripe's double, not
 * a product service: nothing in the product imports it.
 */
export { readConfig, SANDBOX_DEFAULTS, type SandboxConfig } from './config';
export { start, type RunningSandbox } from './server';
export { signatureHeader } from './webhooks';
