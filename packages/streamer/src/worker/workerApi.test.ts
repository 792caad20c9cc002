// Transfer only: a payload crosses a real MessageChannel through comlink with every buffer in the
// transfer list, so the sender's buffers are detached afterwards (zero copies).
import { describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { expose, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import type { PatchPayload } from '../patch/PatchFormat';
import { createWorkerApi, payloadTransferList, type WorkerApi } from './workerApi';

describe('worker api', () => {
  it('transfers every payload buffer (the sender side is detached)', async () => {
    const sent: PatchPayload[] = [];
    const { port1, port2 } = new MessageChannel();
    expose(createWorkerApi({ onSend: (p) => sent.push(p) }), nodeEndpoint(port1));
    const remote = wrap<WorkerApi>(nodeEndpoint(port2));
    const got = await remote.generate({ body: 'mars', face: 3, level: 4, x: 5, y: 6 });
    expect(got.vertices.byteLength).toBe(101400);
    expect(got.anchor.length).toBe(3);
    expect(got.edgeBounds.length).toBe(16);
    expect(sent.length).toBe(1);
    const list = payloadTransferList(sent[0]);
    expect(list.length).toBe(3);
    for (const b of list) expect(b.byteLength).toBe(0);
    expect(sent[0].anchor.length).toBe(0);
    port1.close();
    port2.close();
  });

  it('lists every ArrayBuffer the payload holds', async () => {
    const { generateHeightfield } = await import('../patch/generateHeightfield');
    const p = generateHeightfield({ body: 'luna', face: 0, level: 1, x: 0, y: 1 });
    const held = Object.values(p).flatMap((v) =>
      v instanceof ArrayBuffer ? [v] : ArrayBuffer.isView(v) ? [v.buffer as ArrayBuffer] : [],
    );
    expect(new Set(payloadTransferList(p))).toEqual(new Set(held));
  });
});
