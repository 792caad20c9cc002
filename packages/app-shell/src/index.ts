/**
 * The apps' shell: what the game and the observatory show the same way — the page around the
 * canvas (`./vite`, the Vite plugin that writes it), the shared style sheet (`./shell.css`),
 * overlays (help, menu, picker) with Escape, close button and focus handling, the body and place
 * selects, plain-DOM builders and the fatal message (ADR-0017). Depends on universe only.
 */
export * from './dom';
export * from './Overlay';
export { PlaceSelect } from './PlaceSelect';
