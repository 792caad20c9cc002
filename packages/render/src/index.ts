export * from './createRenderer';
