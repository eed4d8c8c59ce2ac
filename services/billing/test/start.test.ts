import { describeServiceStartup } from '@postwright/platform/src/testing/service-startup';
import { readConfig } from '../src/config';
import { start } from '../src/server';

describeServiceStartup('billing', readConfig, start);
