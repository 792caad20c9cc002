import { describe, expect, it } from 'vitest';
import { readThreadCpuMs, threadCpuClock } from './threadCpuClock';

describe.runIf(process.platform === 'linux')('threadCpuClock', () => {
  it('counts this thread working, not time spent waiting or asleep', async () => {
    expect(threadCpuClock()).toBe(readThreadCpuMs);
    // A fixed amount of work (≈ 20–40 ms of one core here): its CPU time does not depend on load.
    const a = readThreadCpuMs();
    const w0 = performance.now();
    let x = 0;
    for (let i = 0; i < 1e7; i++) x += Math.sqrt(x + i);
    const wall = performance.now() - w0;
    const b = readThreadCpuMs();
    // It ran (> 5 ms even on a core several times faster), and a thread cannot run longer than
    // the wall time around it (+2 ms: the clocks are read a few microseconds apart).
    expect(b - a).toBeGreaterThan(5);
    expect(b - a).toBeLessThanOrEqual(wall + 2);
    await new Promise((res) => setTimeout(res, 150));
    const c = readThreadCpuMs();
    // 150 ms asleep: the timer and the read itself cost well under 30 ms of this thread.
    expect(c - b).toBeLessThan(30);
    expect(x).toBeGreaterThan(0);
  });
});
