#pragma once
// What a batch's cards are read under (ruleset, entry convention, thresholds,
// digit model), as `scorecheck batch` takes them and as each card file keeps
// them: `--resume` takes a card only when made under the same, and the review
// desk reads a card again under them.

#include <string>

#include "app/cli_context.h"
#include "batch/run_batch.h"

namespace scorecheck::app {

struct BatchSettings {
  std::string ruleset = "auto";         ///< ruleset id or auto
  std::string triple_entries = "auto";  ///< raw, multiplied or auto
  double min_confidence = kReviewBelow;  ///< readings below this need a look
  double time_limit = kDefaultTimeLimitSeconds;  ///< seconds per photo; 0 = none
  std::string model_path;               ///< the digit model, as found (DigitModelPath)

  /// One line of JSON (with the program's version and the model file's size
  /// and time), as card files keep it.
  std::string Text() const;
  /// The settings a card file's "settings" were made under (its first line;
  /// answers may follow). Throws Error when they cannot be read back.
  static BatchSettings FromText(const std::string& text);
  /// `options`' scan, reader and record settings set to these, and
  /// options.settings to Text().
  void ApplyTo(BatchOptions& options) const;
};

}  // namespace scorecheck::app
