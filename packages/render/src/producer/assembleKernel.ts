/**
 * WGSL of the GPU producer's payload assembly (ADR-0020): from each vertex's position words (the
 * domain split's hi/lo, gritKernel.ts), the drawn field's (h, ∇h) there and the parent surface's at
 * the even/even vertices, the ADR-0009 vertex buffer that `generateHeightfield` writes on the CPU —
 * float32 position relative to the anchor, int16 morph delta × morphScale, octahedral normal and
 * morph normal, two cover bytes.
 *
 * Two passes over the same per-vertex function: `reduce` gathers each patch's largest morph delta
 * component, height range, bounding radius² and the anchor's height term into atomics; `encode`
 * reads the largest delta back (morphScale = max / 32767) and packs the words. The anchor is the
 * centre vertex: A = P_c + t_c with t_c = dir_c · h_c in float32, which the CPU adds to P_c in
 * float64 from the words `reduce` stores, so local = (P − P_c) + dir · h − t_c. P − P_c is
 * (hi − hi_c) + (lo − lo_c), exact to 2⁻²⁴ of itself: no large number is rounded.
 *
 * Morph targets (the parent's mesh): even/even vertices take the parent surface at the vertex;
 * odd ones the midpoint of the two even neighbours (i ± 1 along an odd axis; the (i−1, j−1)–
 * (i+1, j+1) diagonal for odd/odd), as `generateHeightfield`. An unfiltered patch (level 0 or
 * filter 0) uses its own field as the parent's.
 */

/** Invocations per workgroup. */
export const ASSEMBLE_WORKGROUP_SIZE = 64;

/**
 * 32-bit words of one patch record: radius (f32), filtered (u32), the slot of its parent surface in
 * the parent field (u32), one unused.
 */
export const ASSEMBLE_RECORD_WORDS = 4;

/**
 * 32-bit words of one patch's statistics: largest |delta| component, min and max height (ordered
 * keys), largest radius² about the anchor, t_c.xyz (f32), unused.
 */
export const ASSEMBLE_STAT_WORDS = 8;

/**
 * The kernel for patches of `grid`² vertices written `strideWords` words apart, reading the drawn
 * field and the parent surface as `fieldWords` floats per sample ((h, ∇h) first: 4 for a packed
 * field, COMPOSE_OUT_WORDS for the compose kernel's output left on the GPU, ADR-0020 item 21).
 */
export function assembleWgsl(grid: number, strideWords: number, fieldWords = 4): string {
  const half = (grid + 1) / 2;
  return /* wgsl */ `
const G: u32 = ${grid}u;
const H: u32 = ${half}u;
const N: u32 = G * G;

struct Params {
  patchCount: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
};

struct Patch {
  radius: f32,
  filtered: u32,
  parent: u32,
  pad1: u32,
};

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> patches: array<Patch>;
@group(0) @binding(2) var<storage, read> samples: array<f32>;
// (h, ∇h) of the drawn field at every vertex, m and m per radian, first of FW floats per sample.
@group(0) @binding(3) var<storage, read> field: array<f32>;
// (h, ∇h) under the parent's filter at the even/even vertices, H × H per slot, as the field.
@group(0) @binding(4) var<storage, read> parentField: array<f32>;

const FW: u32 = ${fieldWords}u;
fn fieldAt(k: u32) -> vec4<f32> {
  return vec4<f32>(field[FW * k], field[FW * k + 1u], field[FW * k + 2u], field[FW * k + 3u]);
}
fn parentFieldAt(k: u32) -> vec4<f32> {
  return vec4<f32>(
    parentField[FW * k], parentField[FW * k + 1u], parentField[FW * k + 2u], parentField[FW * k + 3u]
  );
}
// Two cover bytes per vertex in the low 16 bits.
@group(0) @binding(5) var<storage, read> cover: array<u32>;
@group(0) @binding(6) var<storage, read_write> vertices: array<u32>;
@group(0) @binding(7) var<storage, read_write> stats: array<atomic<u32>>;

fn hiOf(k: u32) -> vec3<f32> {
  return vec3<f32>(samples[6u * k], samples[6u * k + 1u], samples[6u * k + 2u]);
}
fn loOf(k: u32) -> vec3<f32> {
  return vec3<f32>(samples[6u * k + 3u], samples[6u * k + 4u], samples[6u * k + 5u]);
}
// P_a − P_b from the split words: the hi difference is exact for nearby points.
fn rel(a: u32, b: u32) -> vec3<f32> {
  return (hiOf(a) - hiOf(b)) + (loOf(a) - loOf(b));
}
fn dirOf(k: u32) -> vec3<f32> {
  let hi = hiOf(k);
  return hi / length(hi);
}
fn normalOf(d: vec3<f32>, f: vec4<f32>, radius: f32) -> vec3<f32> {
  return normalize(d - f.yzw / (radius + f.x));
}
// Orderable key of a float32 (larger float, larger key).
fn orderKey(x: f32) -> u32 {
  let b = bitcast<u32>(x);
  return select(b | 0x80000000u, ~b, (b & 0x80000000u) != 0u);
}

struct Vertex {
  local: vec3<f32>,
  delta: vec3<f32>,
  normal: vec3<f32>,
  morphNormal: vec3<f32>,
  h: f32,
  // The parent's height at an even/even vertex of a filtered patch (else h).
  parentH: f32,
  tc: vec3<f32>,
};

// The parent surface at even/even vertex (i, j) of patch p: (h, ∇h).
fn parentAt(p: u32, i: u32, j: u32) -> vec4<f32> {
  if (patches[p].filtered != 0u) {
    return parentFieldAt(patches[p].parent * H * H + (j / 2u) * H + i / 2u);
  }
  return fieldAt(p * N + j * G + i);
}

fn vertexOf(p: u32, v: u32) -> Vertex {
  let radius = patches[p].radius;
  let base = p * N;
  let k = base + v;
  let c = base + (G / 2u) * G + G / 2u;
  let i = v % G;
  let j = v / G;
  let f = fieldAt(k);
  let d = dirOf(k);
  var out: Vertex;
  out.tc = dirOf(c) * fieldAt(c).x;
  out.h = f.x;
  out.local = rel(k, c) + d * f.x - out.tc;
  out.normal = normalOf(d, f, radius);
  if (((i | j) & 1u) == 0u) {
    let pf = parentAt(p, i, j);
    out.delta = d * (pf.x - f.x);
    out.morphNormal = normalOf(d, pf, radius);
    out.parentH = pf.x;
  } else {
    let di = select(0u, 1u, (i & 1u) == 1u);
    let dj = select(0u, 1u, (j & 1u) == 1u);
    let a = base + (j - dj) * G + (i - di);
    let b = base + (j + dj) * G + (i + di);
    let pa = parentAt(p, i - di, j - dj);
    let pb = parentAt(p, i + di, j + dj);
    let da = dirOf(a);
    let db = dirOf(b);
    out.delta = (rel(a, k) + rel(b, k)) * 0.5 + (da * pa.x + db * pb.x) * 0.5 - d * f.x;
    out.morphNormal = normalize(normalOf(da, pa, radius) + normalOf(db, pb, radius));
    out.parentH = f.x;
  }
  return out;
}

@compute @workgroup_size(${ASSEMBLE_WORKGROUP_SIZE})
fn reduce(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= params.patchCount * N) {
    return;
  }
  let p = id.x / N;
  let v = vertexOf(p, id.x % N);
  let s = p * ${ASSEMBLE_STAT_WORDS}u;
  let m = max(max(abs(v.delta.x), abs(v.delta.y)), abs(v.delta.z));
  atomicMax(&stats[s], bitcast<u32>(m));
  atomicMin(&stats[s + 1u], orderKey(min(v.h, v.parentH)));
  atomicMax(&stats[s + 2u], orderKey(max(v.h, v.parentH)));
  let t = v.local + v.delta;
  atomicMax(&stats[s + 3u], bitcast<u32>(max(dot(v.local, v.local), dot(t, t))));
  if (id.x % N == (G / 2u) * G + G / 2u) {
    atomicStore(&stats[s + 4u], bitcast<u32>(v.tc.x));
    atomicStore(&stats[s + 5u], bitcast<u32>(v.tc.y));
    atomicStore(&stats[s + 6u], bitcast<u32>(v.tc.z));
  }
}

// Math.round's rule (half up), then the two's-complement bits of the low 'bits' bits.
fn roundBits(x: f32, bits: u32) -> u32 {
  return bitcast<u32>(i32(floor(x + 0.5))) & ((1u << bits) - 1u);
}

// Octahedral int8 pair (octahedral.ts) in the low 16 bits.
fn octBits(n: vec3<f32>) -> u32 {
  let l1 = abs(n.x) + abs(n.y) + abs(n.z);
  var px = n.x / l1;
  var py = n.y / l1;
  if (n.z < 0.0) {
    let ox = (1.0 - abs(py)) * select(-1.0, 1.0, px >= 0.0);
    let oy = (1.0 - abs(px)) * select(-1.0, 1.0, py >= 0.0);
    px = ox;
    py = oy;
  }
  return roundBits(px * 127.0, 8u) | (roundBits(py * 127.0, 8u) << 8u);
}

@compute @workgroup_size(${ASSEMBLE_WORKGROUP_SIZE})
fn encode(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= params.patchCount * N) {
    return;
  }
  let p = id.x / N;
  let v = vertexOf(p, id.x % N);
  let maxDelta = bitcast<f32>(atomicLoad(&stats[p * ${ASSEMBLE_STAT_WORDS}u]));
  let scale = select(1.0, maxDelta / 32767.0, maxDelta > 0.0);
  let m = v.delta / scale;
  let o = ${strideWords}u * id.x;
  vertices[o] = bitcast<u32>(v.local.x);
  vertices[o + 1u] = bitcast<u32>(v.local.y);
  vertices[o + 2u] = bitcast<u32>(v.local.z);
  vertices[o + 3u] = roundBits(m.x, 16u) | (roundBits(m.y, 16u) << 16u);
  vertices[o + 4u] = roundBits(m.z, 16u) | (octBits(v.normal) << 16u);
  vertices[o + 5u] = octBits(v.morphNormal) | ((cover[id.x] & 0xffffu) << 16u);
}
`;
}
