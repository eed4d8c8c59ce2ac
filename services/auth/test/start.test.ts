import { testKeys } from '@postwright/platform/src/testing';
import { describeServiceStartup } from '@postwright/platform/src/testing/service-startup';
import { readConfig } from '../src/config';
import { start } from '../src/server';

describeServiceStartup('auth', readConfig, start, { env: { JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLIC_KEY: testKeys.publicKey } });
