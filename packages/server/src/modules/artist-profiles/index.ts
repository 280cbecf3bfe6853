// The artist-profiles module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { createArtistProfileRepository } from './repository';
