// Moved: the formatters to format.mjs, the tables to each workload's
// tables.mjs. Kept for the importers not yet switched.
export * from './format.mjs';
export * from '../workloads/tuples/tables.mjs';
export * from '../workloads/messages/tables.mjs';
