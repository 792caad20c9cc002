/**
 * `shadowPassSwitch(drawn, inShadowPass)`: a node that is `drawn` in ordinary passes and
 * `inShadowPass` while three renders a shadow map. three's shadow pass keeps a material's
 * `colorNode` alpha (Renderer `_getShadowNodes`), so a colour graph that samples the sun's shadow
 * map would read the texture being written (a feedback loop on WebGL2) and pay for the whole
 * shading per shadow texel; the terrain material hands the shadow pass a constant instead.
 * Reference: three.js r187 `src/renderers/common/Renderer.js` (`isShadowPassMaterial`).
 */
import { Node, type NodeBuilder } from 'three/webgpu';

class ShadowPassSwitchNode extends Node {
  constructor(
    private readonly drawn: Node,
    private readonly inShadowPass: Node,
  ) {
    super('vec4');
  }

  override getNodeType(builder: NodeBuilder): string {
    return this.drawn.getNodeType(builder);
  }

  override setup(builder: NodeBuilder): Node {
    const m = builder.material as { isShadowPassMaterial?: boolean } | null;
    return m?.isShadowPassMaterial ? this.inShadowPass : this.drawn;
  }
}

export function shadowPassSwitch<T extends Node>(drawn: T, inShadowPass: Node): T {
  return new ShadowPassSwitchNode(drawn, inShadowPass) as unknown as T;
}
