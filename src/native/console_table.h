// What a person watching a run sees; measuring never prints. Progress goes
// to stderr, the per-size tables to stdout.
#pragma once

#include <ostream>
#include <span>

#include "document_dataset.h"
#include "document_measure.h"
#include "measure.h"
#include "message_measure.h"
#include "workloads/tuples/dataset.h"

namespace wcb {

// One line once a codec is measured on a size step.
void print_progress(std::ostream& out, const GrowthStep& step, const CodecMeasurement& measurement);

// The table of one size step: times (medians), throughputs and sizes.
void print_step_table(std::ostream& out, const GrowthStep& step,
                      std::span<const CodecMeasurement> measurements);

// messages workload: one line once a codec is measured on a record.
void print_message_progress(std::ostream& out, const MessageMeasurement& measurement);

// messages workload: one table of every (record, codec): encoded size and
// the medians of encode, decode and round trip in ops/s and ns/op.
void print_message_table(std::ostream& out, std::span<const MessageMeasurement> measurements);

// documents workload: one line once a codec is measured on a data set.
void print_document_progress(std::ostream& out, const DocumentMeasurement& measurement);

// documents workload: the table of one data set: times (medians) and sizes.
void print_document_table(std::ostream& out, const DocumentDatasetEntry& dataset,
                          std::span<const DocumentMeasurement> measurements);

}  // namespace wcb
