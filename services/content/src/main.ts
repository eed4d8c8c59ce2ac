// first: tracing starts before the modules it instruments are loaded
import { tracing } from './tracing';
import { runMain } from '@postwright/platform/src/run';
import { readConfig } from './config';
import { start } from './server';

void runMain('content', () => start(readConfig()), async () => tracing?.shutdown());
