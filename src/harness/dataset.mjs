// Moved to src/workloads/tuples/dataset.mjs; kept for importers not yet switched.
export * from '../workloads/tuples/dataset.mjs';
