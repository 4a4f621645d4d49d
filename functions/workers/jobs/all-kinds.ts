/**
 * Imports every module that registers a job kind, so the run-job worker knows them all in
 * both runtimes. Areas add their kinds here as they arrive.
 */
export {};
