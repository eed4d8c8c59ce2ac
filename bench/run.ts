/**
 * `npm run bench [name ...]`: runs the benchmarks, prints every figure with its baseline
 * (measured in the same run) and target, and writes bench/results/latest.json.
 */
import path from 'node:path';
import infraSetup from '@postwright/platform/src/testing/global-setup';
import { gatewayBenchmark } from './gateway.bench';
import { footprintBenchmark } from './footprint.bench';
import { generationBenchmark } from './generation.bench';
import { insightsBenchmark } from './insights.bench';
import { schedulerBenchmark } from './scheduler.bench';
import { webBenchmark } from './web.bench';
import { printTable, writeResults, type Benchmark, type Figure } from './lib';

// loaded at run time: it runs a page script, type-checked with the DOM types by e2e's tsconfig
const { generationPaintBenchmark } = require(path.resolve(__dirname, '../e2e/bench/generation-paint.bench')) as { generationPaintBenchmark: Benchmark };

const benchmarks: Benchmark[] = [gatewayBenchmark, generationBenchmark, generationPaintBenchmark, schedulerBenchmark, insightsBenchmark, webBenchmark, footprintBenchmark];

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;
  if (!selected.length) {
    process.stderr.write(`No such benchmark. Available: ${benchmarks.map((b) => b.name).join(', ')}\n`);
    process.exit(2);
  }
  await infraSetup();
  const figures: Figure[] = [];
  for (const b of selected) {
    process.stdout.write(`running ${b.name}: ${b.description}\n`);
    try {
      figures.push(...(await b.run()));
    } catch (error) {
      figures.push({ benchmark: b.name, metric: 'error', value: NaN, unit: error instanceof Error ? error.message : String(error), pass: false });
    }
  }
  printTable(figures);
  process.stdout.write(`\nwritten to ${writeResults(figures)}\n`);
  process.exit(0);
}

void main();
