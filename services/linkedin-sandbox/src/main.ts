import { runMain } from '@postwright/platform';
import { readConfig } from './config';
import { start } from './server';

void runMain('linkedin-sandbox', () => start(readConfig()));
