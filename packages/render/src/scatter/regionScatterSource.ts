/**
 * The universe's rocks as a `ScatterSource` (ADR-0013): `regionScatter` for the eye's region and
 * its eight neighbours on the same face (regions are ~256 m, so this covers the rock range except
 * across a face edge, where the neighbour face's regions are not consulted), kept within `radius`.
 */
import { regionGrid, regionOf, regionScatter, type Body } from '@landfall/universe';
import type { ScatterRockLike, ScatterSource } from './ScatterRocks';

export const regionScatterSource: ScatterSource = {
  rocksNear(body: Body, eye: ArrayLike<number>, radius: number): ScatterRockLike[] {
    const r = Math.sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
    const centre = regionOf(body, { x: eye[0] / r, y: eye[1] / r, z: eye[2] / r });
    const n = regionGrid(body);
    const out: ScatterRockLike[] = [];
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        const i = centre.i + di;
        const j = centre.j + dj;
        if (i < 0 || j < 0 || i >= n || j >= n) continue;
        for (const rock of regionScatter(body, { face: centre.face, i, j })) {
          const p = rock.position;
          const dx = p.x - eye[0];
          const dy = p.y - eye[1];
          const dz = p.z - eye[2];
          if (dx * dx + dy * dy + dz * dz > radius * radius) continue;
          out.push({
            position: [p.x, p.y, p.z],
            rotation: [rock.rotation.x, rock.rotation.y, rock.rotation.z, rock.rotation.w],
            scale: [rock.scale.x, rock.scale.y, rock.scale.z],
            shape: rock.shape,
            tone: rock.tone,
          });
        }
      }
    }
    return out;
  },
};
