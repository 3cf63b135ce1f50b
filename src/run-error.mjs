/** A failure of the run itself (exit code 1), not of a measured path. */
export class RunError extends Error {}
