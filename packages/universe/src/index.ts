export * from './math/hash';
export * from './address/Address';
