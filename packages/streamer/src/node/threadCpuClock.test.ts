import { describe, expect, it } from 'vitest';
import { readThreadCpuMs, threadCpuClock } from './threadCpuClock';

describe.runIf(process.platform === 'linux')('threadCpuClock', () => {
  it('counts this thread spinning and not this thread sleeping', async () => {
    expect(threadCpuClock()).toBe(readThreadCpuMs);
    const a = readThreadCpuMs();
    const w0 = performance.now();
    let x = 0;
    while (performance.now() - w0 < 60) x += Math.sqrt(x + 1);
    const b = readThreadCpuMs();
    // 60 ms of spinning: at least 20 ms on a core even on a machine busy enough to take 2/3 away.
    expect(b - a).toBeGreaterThan(20);
    await new Promise((res) => setTimeout(res, 150));
    const c = readThreadCpuMs();
    // 150 ms asleep: the timer and the read itself cost well under 30 ms of this thread.
    expect(c - b).toBeLessThan(30);
    expect(x).toBeGreaterThan(0);
  });
});
