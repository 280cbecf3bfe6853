'use strict';

/**
 * SPEC §9: a chunk load times out after 120 s. One constant for every place code is fetched
 * at run time: webpack's own chunks (`output.chunkLoadTimeout`, in the shell and in every
 * remote's build) and the federation runtime's remote entries and manifests (the
 * `load-timeout.js` runtime plugin), whose default of 20 s would give up on a slow
 * connection long before webpack does.
 */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

module.exports = { CHUNK_LOAD_TIMEOUT_MS };
