// The workload folders of the repository, in the order the catalog lists
// them (the first is the default workload): the one place that names them,
// for the page cannot list a folder. Node registers any other folder of
// src/workloads too (src/workload-folders.mjs), the page any other that its
// build serves (web/src/workloads.mjs).
import tuples from './tuples/workload.mjs';
import messages from './messages/workload.mjs';
import documents from './documents/workload.mjs';

export default [tuples, messages, documents];
