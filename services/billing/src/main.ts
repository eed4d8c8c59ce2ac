import { runMain } from '@postwright/platform';
import { readConfig } from './config';
import { start } from './server';

void runMain('billing', () => start(readConfig()));
