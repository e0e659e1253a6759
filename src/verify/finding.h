#pragma once
// A finding: one thing wrong (or worth a look) on a card, as RULES.md defines
// the codes. Identity is (code, row, column) within a grid.

#include <optional>
#include <string>

namespace scorecheck {

enum class Severity { kError, kWarning };

/// "error" or "warning".
const char* SeverityName(Severity severity);

/// The finding codes of RULES.md.
namespace codes {
inline constexpr char kTotalMismatch[] = "TOTAL_MISMATCH";
inline constexpr char kBonusWrong[] = "BONUS_WRONG";
inline constexpr char kMultiplierWrong[] = "MULTIPLIER_WRONG";
inline constexpr char kIllegalValue[] = "ILLEGAL_VALUE";
inline constexpr char kYahtzeeBonusInvalid[] = "YAHTZEE_BONUS_INVALID";
inline constexpr char kTooManyScores[] = "TOO_MANY_SCORES";
inline constexpr char kMixedConvention[] = "MIXED_CONVENTION";
inline constexpr char kIncomplete[] = "INCOMPLETE";
inline constexpr char kUncertainRead[] = "UNCERTAIN_READ";
}  // namespace codes

struct Finding {
  std::string code;                 ///< one of codes::
  Severity severity = Severity::kError;
  std::optional<std::string> row;   ///< canonical row id; none for column-wide findings
  int column = 0;                   ///< score column, 0-based within the grid
  std::optional<int> written;       ///< what the card holds, when it is a number
  std::optional<int> expected;      ///< what it should hold, when that is one number
  std::string message;              ///< an auditor's sentence: the rule, the values, the sum
};

}  // namespace scorecheck
