/** One sample of Prometheus's text format: `name{label="value",…} 12.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample in a scrape; a line that is neither a sample, a comment nor blank fails, as Prometheus would. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a metric sample: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(LABEL)].map(([, name, value]) => [name!, value!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there are none. */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samplesOf(samples, name, labels);
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}

/** The site's own series named in a PromQL expression (dealer_…, and Node's process_… and nodejs_… defaults). */
export function seriesNamedIn(expression: string): string[] {
  return [...expression.matchAll(/\b(?:dealer|nodejs|process)_[a-zA-Z0-9_]+/g)].map(([name]) => name);
}
