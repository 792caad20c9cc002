export { hash2, hash3, hashCombine, unitFromHash } from './math/hash';
export { dot3, normalize3, vec3 } from './math/vec3';
export type { Vec3 } from './math/vec3';
export { formatAddress, parseAddress } from './address/Address';
export type { Address } from './address/Address';
export type { Body } from './body/Body';
export { BODIES, bodyIds, getBody } from './body/getBody';
export { FACE_FRAMES, directionToFace, faceToDirection } from './cube/CubeSphere';
export type { FaceCoord } from './cube/CubeSphere';
export * from './cube/patchDirections';
export {
  elevationAt,
  elevationAtD,
  elevationBatch,
  elevationSample,
  groundElevation,
} from './field/elevation';
export { TERRAIN_ALGORITHM_VERSION, worldDigest } from './digest/worldDigest';
export { compareLevelIds } from './digest/levelId';
export {
  drawnBatch,
  drawnDivergence,
  drawnElevationAt,
  drawnElevationAtD,
  drawnSurfaceRadius,
} from './tail/drawn';
export { PLAIN_UNIT_DEPTH, terrainUnit } from './cover/groundClass';
export { coverAt, coverBatch } from './cover/cover';
export { regionGrid, regionOf } from './scatter/regionGrid';
export type { Region } from './scatter/regionGrid';
export { regionScatter } from './scatter/regionScatter';
export type { Quaternion } from './scatter/regionScatter';
export { NAMED_PLACES, placesOn } from './places/namedPlaces';
export type { NamedPlace } from './places/namedPlaces';
export * from './places/terrainUnitName';
export { productionN, equilibriumN, visibleN } from './field/production';
export { plainWeightAt } from './field/units';
export * from './field/craterCensus';
export { ROCK_CLASSES } from './scatter/rockClasses';
export type { Rock } from './scatter/regionScatter';
export { boulderFieldBatch } from './tail/drawn';
export { tailCraterShare } from './tail/microPlan';
export { findPlace } from './places/namedPlaces';
export { freshDepth } from './math/craterProfile';
export { regionAreaM2 } from './scatter/regionArea';
export { rockAbundance } from './cover/groundClass';
export { rockCellSlot } from './scatter/rockClasses';
export { rockClassCells } from './scatter/rockClasses';
export { rockClassMinDiameter } from './scatter/rockClasses';
export { rockClassSlotRange } from './scatter/rockClasses';
export { rockClassSlots } from './scatter/rockClasses';
export { slopeTangent } from './cover/groundClass';
export { gritAt, gritOctaves } from './tail/grit';
export { microPlan } from './tail/microPlan';
export { microCraterBatch } from './tail/microCraterBatch';
export { detailWeight } from './math/detailFilter';
export { TAIL_TUNABLES } from './tail/tailTunables';
export { bandsD, bandSample, octaveSeeds as bandSeeds } from './field/bands';
export { BAND_TUNABLES, RELIEF_KNEE } from './field/tunables';
export { ladderBatchD } from './field/ladder';
export { ladderPlan } from './field/ladderPlan';
export { CandidatePool, gatherBasin, gatherRung, KIND_CRATER } from './field/candidates';
export { lenticulaRungs, lenticulaSpot, lenticulaStain } from './field/lenticulae';
export { BOULDER_APRON_Q } from './field/boulders';
export {
  CRATER_PEAK_LOBES,
  CRATER_RIM_SCALLOP,
  CRATER_SCALLOP_REACH,
  CRATER_TERRACE_PINCH,
  CRATER_TERRACE_WAVE,
  CRATER_EJECTA_REACH,
  craterPhases,
  craterTangentBasis,
  type CraterShape,
} from './math/craterProfile';
export {
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_CRATER,
  FEATURE_FLOOD,
  FEATURE_SCARP,
  FEATURE_SHIELD,
  placeFeatures,
  type PlaceFeature,
} from './places/placeFeatures';
export { ARC_STRIDE, blockArcs, type ArcOctave } from './field/arcLattice';
export { scarpArcTerms, scarpOctaves } from './field/lobateScarps';
export {
  LANDFORM_TUNABLES,
  RIDGE_TAPER,
  RIDGE_SET_ASPECT,
  RIDGE_SET_MEMBER_MIN,
} from './field/landformTunables';
export { chaosArcTerms, chaosD, chaosRaftD, chaosLattice, chaosSample, chaosSetup } from './field/chaos';
export {
  lineaBand,
  lineaOctaves,
  lineaeStain,
  ridgeMarginBand,
  ridgeStain,
  type StainBand,
} from './field/lineae';
export {
  icyRidgesD,
  ridgeArcTerms,
  ridgeOctaves,
  ridgeProfileConstants,
  type RidgeArcTerms,
  type RidgeOctave,
} from './field/icyRidges';
export { bodyLandforms, landformSample, landformsD } from './field/landforms';
export {
  PLACE_CALDERA_DEPTH,
  PLACE_CALDERA_WALL,
  PLACE_CANYON_FILTER_CELLS,
  PLACE_CANYON_TAPER,
  PLACE_SCARP_FACE,
  PLACE_SHORE_WIDTH,
} from './places/placeTunables';
export {
  ALBEDO_EDGE,
  ALBEDO_NOISE_FREQUENCY,
  ALBEDO_ROUGHNESS,
  ALBEDO_TONE_GRID,
  albedoAt,
  albedoMap,
} from './cover/albedoTone';
export { coverEncodePlan } from './cover/cover';
export { freshEjectaBatch } from './tail/drawn';
export { plainWeightSampleAt, unitSample } from './field/units';
