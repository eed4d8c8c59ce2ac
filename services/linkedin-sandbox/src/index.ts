/**
 * The LinkedIn sandbox as a package: what the tests of the services that talk to LinkedIn start
 * in-process (`@postwright/linkedin-sandbox`), as they would start the OpenAI-compatible stub.
 * It is LinkedIn's double, not a product service: nothing in the product imports it.
 */
export { readConfig, type SandboxConfig } from './config';
export { start, type RunningSandbox } from './server';
