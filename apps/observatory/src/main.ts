/** observatory entry: draws a first frame with the shared renderer and publishes window.__landfall. */
import { createRenderer } from '@landfall/render';
import { siblingUrl } from './siblingUrl';
import {
  Color,
  DirectionalLight,
  Mesh,
  MeshStandardNodeMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
} from 'three/webgpu';

declare global {
  interface Window {
    __landfall?: { ready: boolean; backend?: string; error?: string };
  }
}

const link = document.getElementById('other-app') as HTMLAnchorElement;
link.href = siblingUrl(location);

async function main(): Promise<void> {
  window.__landfall = { ready: false };
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const params = new URLSearchParams(location.search);
  const { renderer, backend } = await createRenderer({
    canvas,
    forceWebGL: params.get('backend') === 'webgl2',
  });
  renderer.setSize(innerWidth, innerHeight, false);
  const scene = new Scene();
  scene.background = new Color(0x000000);
  const camera = new PerspectiveCamera(50, innerWidth / innerHeight, 0.1, 100);
  camera.position.set(0, 0, 4);
  const sun = new DirectionalLight(0xffffff, 3);
  sun.position.set(3, 2, 4);
  scene.add(sun);
  scene.add(new Mesh(new SphereGeometry(1, 48, 24), new MeshStandardNodeMaterial({ color: 0x9a9489 })));
  renderer.render(scene, camera);
  window.__landfall = { ready: true, backend };
}

main().catch((err: unknown) => {
  window.__landfall = { ready: false, error: String(err) };
  throw err;
});
