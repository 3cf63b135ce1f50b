// A run that cannot go on for a reason the user can act on (a missing build,
// an unusable runtime): the command prints its message in one line and exits
// 1, without a stack (node/run-file.mjs runCommand).
export class RunError extends Error {}
