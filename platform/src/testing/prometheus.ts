/**
 * Reads Prometheus text exposition (format 0.0.4) the way a scraper would, strictly: a line that
 * is not a comment or a well-formed sample, a sample of an undeclared family or a histogram
 * without its +Inf bucket, _sum and _count fails the parse, so a test that reads /metrics checks
 * the format too.
 */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** the sample's own name (a histogram's are <family>_bucket, _sum and _count) */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) families.set(name, (f = { name, type: 'untyped', help: '', samples: [] }));
    return f;
  };
  text.split('\n').forEach((line, i) => {
    const at = `line ${i + 1}: ${line}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // other comments are allowed
      if (!NAME.test(m[2])) throw new Error(`bad metric name, ${at}`);
      if (m[1] === 'HELP') family(m[2]).help = m[3];
      else {
        if (!TYPES.has(m[3])) throw new Error(`bad type, ${at}`);
        if (family(m[2]).samples.length) throw new Error(`TYPE after samples, ${at}`);
        family(m[2]).type = m[3] as MetricType;
      }
      return;
    }
    const sample = parseSample(line, at);
    const owner = familyOf(families, sample.name);
    if (!owner) throw new Error(`sample of an undeclared metric, ${at}`);
    owner.samples.push(sample);
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

function parseSample(line: string, at: string): Sample {
  const nameEnd = line.search(/[{ ]/);
  if (nameEnd <= 0) throw new Error(`no value, ${at}`);
  const name = line.slice(0, nameEnd);
  if (!NAME.test(name)) throw new Error(`bad sample name, ${at}`);
  const labels: Record<string, string> = {};
  let i = nameEnd;
  if (line[i] === '{') {
    i++;
    while (line[i] !== '}') {
      const eq = line.indexOf('=', i);
      if (eq === -1) throw new Error(`bad labels, ${at}`);
      const label = line.slice(i, eq);
      if (!LABEL_NAME.test(label) || line[eq + 1] !== '"') throw new Error(`bad label ${label}, ${at}`);
      let value = '';
      let j = eq + 2;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] !== '\\') value += line[j];
        else {
          const next = line[++j];
          if (next === 'n') value += '\n';
          else if (next === '\\' || next === '"') value += next;
          else throw new Error(`bad escape in label ${label}, ${at}`);
        }
      }
      if (j >= line.length) throw new Error(`unterminated label ${label}, ${at}`);
      if (label in labels) throw new Error(`label ${label} twice, ${at}`);
      labels[label] = value;
      i = j + 1;
      if (line[i] === ',') i++;
      else if (line[i] !== '}') throw new Error(`bad labels, ${at}`);
    }
    i++;
  }
  const parts = line.slice(i).trim().split(' ');
  if (line[i] !== ' ' || parts.length < 1 || parts.length > 2) throw new Error(`bad value, ${at}`);
  const value = parseValue(parts[0]);
  if (Number.isNaN(value) && !/^nan$/i.test(parts[0])) throw new Error(`bad value, ${at}`);
  if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`bad timestamp, ${at}`);
  return { name, labels, value };
}

/** A float as Prometheus reads it (Go's ParseFloat: Inf and NaN in any case; prom-client writes "Nan"). */
function parseValue(text: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
}

function familyOf(families: Map<string, MetricFamily>, sample: string): MetricFamily | undefined {
  const own = families.get(sample);
  if (own && own.type !== 'histogram' && own.type !== 'summary') return own;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sample.endsWith(suffix)) continue;
    const f = families.get(sample.slice(0, -suffix.length));
    if (f && (f.type === 'histogram' || (f.type === 'summary' && suffix !== '_bucket'))) return f;
  }
  return own?.type === 'summary' ? own : undefined;
}

/** Each label set of a histogram has cumulative buckets ending at +Inf, a _sum and a _count equal to the +Inf bucket. */
function checkHistogram(f: MetricFamily): void {
  const series = new Map<string, { buckets: Array<[number, number]>; sum?: number; count?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${f.name}: a bucket without le`);
      entry.buckets.push([parseValue(le), s.value]);
    } else if (s.name.endsWith('_sum')) entry.sum = s.value;
    else if (s.name.endsWith('_count')) entry.count = s.value;
  }
  for (const [key, { buckets, sum, count }] of series) {
    const inf = buckets.find(([le]) => le === Infinity);
    if (!inf || sum === undefined || count === undefined) throw new Error(`${f.name} ${key}: needs a +Inf bucket, _sum and _count`);
    if (inf[1] !== count) throw new Error(`${f.name} ${key}: _count ${count} is not the +Inf bucket's ${inf[1]}`);
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) if (sorted[i][1] < sorted[i - 1][1]) throw new Error(`${f.name} ${key}: buckets are not cumulative`);
  }
}

/** GET <url>/metrics (or the URL as given when it names a path), parsed; fails unless it is 200 Prometheus text. */
export async function scrape(url: string): Promise<Metrics> {
  const target = new URL(url);
  if (target.pathname === '/') target.pathname = '/metrics';
  const res = await fetch(target);
  if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain; version=0.0.4')) throw new Error(`${target} answered ${type}, not Prometheus text`);
  return new Metrics(parsePrometheusText(await res.text()));
}

/** A parsed scrape, with the look-ups tests make. */
export class Metrics {
  constructor(readonly families: Map<string, MetricFamily>) {}

  family(name: string): MetricFamily {
    const f = this.families.get(name);
    if (!f) throw new Error(`no metric ${name} (have: ${[...this.families.keys()].join(', ')})`);
    return f;
  }

  /** The samples named `sample` (a family's own, or e.g. <histogram>_count) whose labels include `labels`. */
  samples(sample: string, labels: Record<string, string> = {}): Sample[] {
    const base = sample.replace(/_(bucket|sum|count)$/, '');
    const f = this.families.get(sample) ?? this.families.get(base);
    return (f?.samples ?? []).filter((s) => s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** The sum of those samples' values (0 when there are none: a counter not yet moved). */
  value(sample: string, labels: Record<string, string> = {}): number {
    return this.samples(sample, labels).reduce((total, s) => total + s.value, 0);
  }
}
