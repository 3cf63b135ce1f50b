// Moved to src/workloads/messages/records.mjs; kept for importers not yet switched.
export * from '../workloads/messages/records.mjs';
