// `npm run bench -- badRequest [--rounds N]`: how long a bad request (an unknown body) takes to
// reject on a warm one-thread Node pool, and how many worker restarts it costs (ADR-0010: a job
// that throws rejects at once and its worker lives). Wall time per request; last line JSON.
import { createNodePool } from '@landfall/streamer/node';

const args = process.argv.slice(2);
const ri = args.indexOf('--rounds');
const rounds = ri >= 0 ? Number(args[ri + 1]) : 5;

const pool = createNodePool(1);
await pool.generate({ body: 'luna', face: 0, level: 6, x: 10, y: 10 }); // the thread is up
const ms: number[] = [];
let cause = '';
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  try {
    await pool.generate({ body: 'vulcan', face: 0, level: 0, x: 0, y: 0 });
  } catch (e) {
    cause = String(e);
  }
  ms.push(performance.now() - t0);
}
const restarts = pool.stats().restarts;
pool.dispose();
const sorted = [...ms].sort((a, b) => a - b);
const out = {
  bench: 'badRequest',
  rounds,
  medianMs: Number(sorted[Math.floor(rounds / 2)].toFixed(2)),
  maxMs: Number(sorted[rounds - 1].toFixed(2)),
  restartsPerRequest: restarts / rounds,
};
console.log(`rejected with: ${cause}`);
console.log(
  `bad request: median ${out.medianMs} ms, max ${out.maxMs} ms to reject; ` +
    `${out.restartsPerRequest} worker restarts per request (${rounds} rounds, warm pool of 1)`,
);
console.log(JSON.stringify(out));
process.exit(0);
