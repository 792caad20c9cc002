// `npm run bench -- soak [body…] [--seconds S] [--dt S] [--workers N] [--depth N] [--cap N] [--in-process]`:
// the long soak of issue 11. Flies seeded paths (tools/bench/soak/flight.ts) over each body in turn
// (default miranda, luna, europa), S simulated seconds in all (default 600 = 10 minutes, split
// evenly; one update per dt = 0.5 simulated s, each waiting for a job to finish), with Node worker
// threads (each handed --depth jobs at once, default WORKER_QUEUE_DEPTH as in the apps) and a
// small cache (default 96 patches), and prints memory after a forced GC every 10
// simulated seconds: rss, heapUsed, external, arrayBuffers, the node table, resident patches.
// Flat means: external net of the resident payloads and the node table do not grow with the
// distance flown. Last line: JSON.
import { inProcessWorkerFactory, WORKER_QUEUE_DEPTH } from '@landfall/streamer';
import { nodeWorkerFactory } from '@landfall/streamer/node';
import { benchArgs } from './benchKit';
import { fly, type MemorySample } from './soak/flight';

const argv = process.argv.slice(2);
const inProcess = argv.includes('--in-process');
const { flags, positionals: bodies } = benchArgs(
  argv.filter((a) => a !== '--in-process'),
  { seconds: 600, dt: 0.5, workers: 2, depth: WORKER_QUEUE_DEPTH, cap: 96 },
);
const { seconds, dt, workers, depth, cap } = flags;
if (bodies.length === 0) bodies.push('miranda', 'luna', 'europa');

const PATCH_BYTES = 101552;
const MB = (b: number): number => Number((b / 1048576).toFixed(1));
const samples: (MemorySample & { body: string; wallS: number })[] = [];
const t0 = performance.now();
let offset = 0;
console.log(
  `soak: ${bodies.join(', ')}; ${seconds} simulated s, dt ${dt} s, ${inProcess ? 'in-process' : 'Node worker'} × ${workers} (depth ${depth}), ` +
    ` cache ${cap} patches (${MB(cap * PATCH_BYTES)} MiB)`,
);
console.log(
  '  t s   body      rss MB  heap MB  ext MB  ab MB  ext−res MB  table  resident  generated  evicted',
);
for (const [i, body] of bodies.entries()) {
  const share = seconds / bodies.length;
  const s = await fly(
    {
      body,
      seconds: share,
      dt,
      speed: 300,
      height: 300,
      seed: 11 + i,
      maxPatches: cap,
      byteBudget: cap * PATCH_BYTES,
      workers,
      depth,
      factory: inProcess ? inProcessWorkerFactory() : nodeWorkerFactory(),
      sampleEvery: 10,
    },
    (m) => {
      const row = { ...m, t: m.t + offset, body, wallS: (performance.now() - t0) / 1000 };
      samples.push(row);
      console.log(
        `${row.t.toFixed(0).padStart(5)}   ${body.padEnd(8)} ${String(MB(m.rss)).padStart(7)} ${String(MB(m.heapUsed)).padStart(8)} ` +
          `${String(MB(m.external)).padStart(7)} ${String(MB(m.arrayBuffers)).padStart(6)} ` +
          `${String(MB(m.external - m.bytesResident)).padStart(11)} ${String(m.nodeTable).padStart(6)} ` +
          `${String(m.resident).padStart(9)} ${String(m.generated).padStart(10)} ${String(m.evicted).padStart(8)}`,
      );
    },
  );
  s.dispose();
  offset += share;
}

// Drift: from the first sample with a full cache to the last, and the peaks over the flight.
const warm = samples.findIndex((m) => m.resident >= cap);
const first = samples[Math.max(0, warm)];
const last = samples[samples.length - 1];
const peak = (f: (m: MemorySample) => number): number => Math.max(...samples.map(f));
const net = (m: MemorySample): number => m.external - m.bytesResident;
const out = {
  bench: 'soak',
  bodies,
  simulatedSeconds: seconds,
  wallSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
  workers: inProcess ? 'in-process' : workers,
  capPatches: cap,
  generated: samples
    .filter((m, i) => i === samples.length - 1 || samples[i + 1].body !== m.body)
    .reduce((a, m) => a + m.generated, 0),
  evicted: samples
    .filter((m, i) => i === samples.length - 1 || samples[i + 1].body !== m.body)
    .reduce((a, m) => a + m.evicted, 0),
  fromT: first.t,
  rssMB: [MB(first.rss), MB(last.rss), MB(peak((m) => m.rss))],
  heapUsedMB: [MB(first.heapUsed), MB(last.heapUsed), MB(peak((m) => m.heapUsed))],
  externalMB: [MB(first.external), MB(last.external), MB(peak((m) => m.external))],
  arrayBuffersMB: [MB(first.arrayBuffers), MB(last.arrayBuffers), MB(peak((m) => m.arrayBuffers))],
  externalNetOfResidentMB: [MB(net(first)), MB(net(last)), MB(peak(net))],
  nodeTable: [first.nodeTable, last.nodeTable, peak((m) => m.nodeTable)],
  residentMaxPatches: peak((m) => m.resident),
  bytesResidentMaxMB: MB(peak((m) => m.bytesResident)),
};
console.log('figures are [at the first full-cache sample, at the end, peak]');
console.log(JSON.stringify(out));
process.exit(0);
