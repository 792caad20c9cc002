/**
 * The CDLOD vertex morph of the terrain material as TSL functions with declared layouts. Both
 * bodies are the shared `vertexMorph.ts` expressions instantiated over TSL nodes, so the shader
 * evaluates the same operations, in the same order, as the CPU crack check (float32) and the rock
 * seater (float64). Reference: Strugar 2010, "Continuous Distance-Dependent Level of Detail for
 * Rendering Heightmaps", JGT 14(4).
 */
import type { Node } from 'three/webgpu';
import { clamp, float, Fn, max, select, vec3 } from 'three/tsl';
import { morphFactor, morphPosition, type MorphArithmetic } from './vertexMorph';

type N = Node<'float'>;
type V3 = Node<'vec3'>;
type V4 = Node<'vec4'>;
type B = Node<'bool'>;

/** The shared vertex morph's arithmetic over TSL nodes. */
const tslMorph: MorphArithmetic<N, B> = {
  lit: (v) => float(v),
  add: (x, y) => x.add(y),
  sub: (x, y) => x.sub(y),
  mul: (x, y) => x.mul(y),
  div: (x, y) => x.div(y),
  max: (x, y) => max(x, y),
  clamp01: (x) => clamp(x, 0, 1),
  eq: (x, y) => x.equal(y),
  ge: (x, y) => x.greaterThanEqual(y),
  and: (x, y) => x.and(y),
  select: (c, x, y) => select(c, x, y),
};

/**
 * Morph factor k of vertex (i, j) of the PATCH_GRID² lattice: 0 near, 1 at `morphEnd`, from the
 * unmorphed vertex's eye distance; an edge forced by a 2:1 neighbour (`edges` west, east, south,
 * north: −1 free, else the forced k) overrides it, and a corner's own override (`corners` SW, SE,
 * NW, NE) overrides that.
 */
export const morphFactorNode = Fn(
  ([dist, morphStart, morphEnd, i, j, edges, corners]: [N, N, N, N, N, V4, V4]) =>
    morphFactor(tslMorph, {
      dist,
      morphStart,
      morphEnd,
      i,
      j,
      edgeW: edges.x,
      edgeE: edges.y,
      edgeS: edges.z,
      edgeN: edges.w,
      cornerSW: corners.x,
      cornerSE: corners.y,
      cornerNW: corners.z,
      cornerNE: corners.w,
    }),
).setLayout({
  name: 'lfMorphFactor',
  type: 'float',
  inputs: [
    { name: 'dist', type: 'float' },
    { name: 'morphStart', type: 'float' },
    { name: 'morphEnd', type: 'float' },
    { name: 'i', type: 'float' },
    { name: 'j', type: 'float' },
    { name: 'edges', type: 'vec4' },
    { name: 'corners', type: 'vec4' },
  ],
});

/** Morphed position p + (delta · scale) · k, per component as the CPU checks evaluate it. */
export const morphedPosition = Fn(([p, delta, scale, k]: [V3, V3, N, N]) =>
  vec3(
    morphPosition(tslMorph, p.x, delta.x, scale, k),
    morphPosition(tslMorph, p.y, delta.y, scale, k),
    morphPosition(tslMorph, p.z, delta.z, scale, k),
  ),
).setLayout({
  name: 'lfMorphedPosition',
  type: 'vec3',
  inputs: [
    { name: 'p', type: 'vec3' },
    { name: 'delta', type: 'vec3' },
    { name: 'scale', type: 'float' },
    { name: 'k', type: 'float' },
  ],
});
