#include "verify/verify.h"

#include <algorithm>
#include <iomanip>
#include <optional>
#include <set>
#include <sstream>

#include "core/error.h"
#include "core/text.h"

namespace scorecheck {
namespace {

const char* kNoNumber = "blank";

std::string WrittenText(const CellValue& cell) {
  switch (cell.state) {
    case CellState::kNumber: return std::to_string(cell.number);
    case CellState::kCrossed: return "crossed out";
    case CellState::kChecks: return std::to_string(cell.checks) + " tick(s)";
    case CellState::kEmpty: return kNoNumber;
  }
  return kNoNumber;
}

// The number a player wrote in a cell: the value, or the points beside ticks.
std::optional<int> WrittenNumber(const CellValue& cell) {
  if (cell.state == CellState::kNumber) return cell.number;
  if (cell.state == CellState::kChecks) return cell.points;
  return std::nullopt;
}

// True when total `row` adds `target`, directly or through other totals.
bool Includes(const Ruleset& ruleset, const RowSpec& row, const std::string& target) {
  for (const std::string& part : row.sum_of) {
    if (part == target) return true;
    const RowSpec* inner = ruleset.FindRow(part);
    if (inner && Includes(ruleset, *inner, target)) return true;
  }
  return false;
}

// Evaluates one column under one entry convention. `mixed_rows` are entries
// written in the other convention (they get MIXED_CONVENTION instead of
// ILLEGAL_VALUE).
class ColumnEvaluator {
 public:
  ColumnEvaluator(const CardGrid& grid, const CardColumn& column, const Ruleset& ruleset,
                  EntryConvention convention, const std::set<std::string>& mixed_rows)
      : grid_(grid), column_(column), ruleset_(ruleset), convention_(convention), mixed_rows_(mixed_rows) {
    multiplier_ = ruleset.Multiplier(column.index);
    scale_ = convention == EntryConvention::kMultiplied ? multiplier_ : 1;
  }

  void Run() {
    for (const RowSpec& row : ruleset_.rows) {
      const CellValue cell = column_.At(row.id);
      switch (row.kind) {
        case RowKind::kEntry: Entry(row, cell); break;
        case RowKind::kUpperBonus: UpperBonus(row, cell); break;
        case RowKind::kYahtzeeBonus: YahtzeeBonus(row, cell); break;
        case RowKind::kTotal: Total(row, cell); break;
      }
    }
    ColumnWide();
  }

  int ErrorCount() const {
    return static_cast<int>(std::count_if(findings_.begin(), findings_.end(),
                                          [](const Finding& f) { return f.severity == Severity::kError; }));
  }
  std::vector<Finding>& findings() { return findings_; }
  const std::map<std::string, int>& computed() const { return computed_; }
  const std::map<std::string, std::vector<std::string>>& carried() const { return carried_; }

 private:
  void Add(const char* code, const RowSpec* row, std::optional<int> written, std::optional<int> expected,
           std::string message, Severity severity = Severity::kError) {
    Finding finding;
    finding.code = code;
    finding.severity = severity;
    if (row) {
      finding.row = row->id;
      flagged_.insert(row->id);
    }
    finding.column = column_.index;
    finding.written = written;
    finding.expected = expected;
    finding.message = std::move(message);
    findings_.push_back(std::move(finding));
  }

  std::string ColumnNote() const {
    if (scale_ == 1) return "";
    return " (×" + std::to_string(multiplier_) + " column, entries multiplied)";
  }

  void Entry(const RowSpec& row, const CellValue& cell) {
    value_[row.id] = cell.state == CellState::kNumber ? cell.number : 0;
    if (cell.empty()) {
      // A confidence on an empty box: a scanner saw ink there it could not
      // read (UNCERTAIN_READ says so); the box was not left empty. Nor is a
      // box the scanner did not find known to be empty (UNCERTAIN_READ too).
      if (!cell.confidence && !grid_.NotFound(row.id)) empty_entries_.push_back(&row);
      return;
    }
    ++scored_boxes_;
    if (cell.state == CellState::kChecks) {
      Add(codes::kIllegalValue, &row, std::nullopt, std::nullopt,
          row.name + ": tick marks in a box that takes a score");
      return;
    }
    if (cell.state == CellState::kCrossed) {
      if (!row.IsLegalRaw(0) && !ruleset_.any_box_may_be_crossed)
        Add(codes::kIllegalValue, &row, std::nullopt, std::nullopt,
            row.name + ": crossed out, but no roll scores 0 here and " + ruleset_.name +
                " does not allow crossing it out (legal: " + DescribeLegalValues(row, scale_) + ")");
      return;
    }
    const int number = cell.number;
    if (mixed_rows_.count(row.id)) {
      const bool multiplied_here = convention_ == EntryConvention::kMultiplied;
      Add(codes::kMixedConvention, &row, number, std::nullopt,
          row.name + ": " + std::to_string(number) + " is only possible as a " +
              (multiplied_here ? "raw" : "multiplied (×" + std::to_string(multiplier_) + ")") +
              " score, but this column's other entries are " + (multiplied_here ? "multiplied" : "raw"));
      return;
    }
    const bool legal = number % scale_ == 0 && row.IsLegalRaw(number / scale_);
    if (!legal)
      Add(codes::kIllegalValue, &row, number, std::nullopt,
          row.name + ": " + std::to_string(number) + " is not a possible score" + ColumnNote() + " (legal: " +
              DescribeLegalValues(row, scale_) + ")");
  }

  void UpperBonus(const RowSpec& row, const CellValue& cell) {
    int subtotal = 0;
    std::vector<std::string> terms;
    for (const RowSpec& entry : ruleset_.rows)
      if (entry.kind == RowKind::kEntry && entry.score.pattern == ScorePattern::kFace) {
        subtotal += value_[entry.id];
        terms.push_back(std::to_string(value_[entry.id]));
      }
    const UpperBonusRule& rule = ruleset_.upper_bonus;
    const int factor = rule.scales_with_multiplier ? scale_ : 1;
    const int threshold = rule.threshold * factor, points = rule.points * factor;
    const int due = subtotal >= threshold ? points : 0;
    value_[row.id] = due;
    computed_[row.id] = due;

    std::ostringstream rule_text;
    rule_text << "upper entries " << Join(terms, "+") << " = " << subtotal
              << (due ? " reach " : " stay below ") << threshold << ", so the bonus is " << due;
    if (cell.state == CellState::kChecks) {
      Add(codes::kIllegalValue, &row, std::nullopt, due, row.name + ": tick marks in a box that takes a number");
      return;
    }
    if (cell.state == CellState::kNumber) {
      if (cell.number != due)
        Add(codes::kBonusWrong, &row, cell.number, due,
            row.name + ": " + rule_text.str() + ", written " + std::to_string(cell.number) +
                (due == 0 ? " (claimed below the threshold)" : ""));
      return;
    }
    // Empty or crossed: only wrong when a bonus is due and a total that
    // includes it has been written (people leave the whole tail blank).
    if (due == 0) return;
    for (const RowSpec& total : ruleset_.rows)
      if (total.kind == RowKind::kTotal && column_.At(total.id).state == CellState::kNumber &&
          Includes(ruleset_, total, row.id)) {
        Add(codes::kBonusWrong, &row, std::nullopt, due,
            row.name + ": " + rule_text.str() + ", but the bonus is " + WrittenText(cell) + " while the " +
                total.name + " is filled in");
        return;
      }
  }

  void YahtzeeBonus(const RowSpec& row, const CellValue& cell) {
    const YahtzeeBonusRule& rule = *ruleset_.yahtzee_bonus;
    const int factor = rule.scales_with_multiplier ? scale_ : 1;
    auto points_for = [&](int checks) { return rule.PointsFor(checks) * factor; };
    int checks = 0, points = 0;
    if (cell.state == CellState::kChecks) {
      checks = cell.checks;
      points = points_for(checks);
      if (cell.points && *cell.points != points)
        Add(codes::kTotalMismatch, &row, *cell.points, points,
            row.name + ": " + std::to_string(checks) + (checks == 1 ? " tick: " : " ticks: ") +
                TickSum(rule, factor, checks) + ", written " + std::to_string(*cell.points));
    } else if (cell.state == CellState::kNumber) {
      // Points written without ticks: they must be a whole number of bonuses.
      points = cell.number;
      checks = -1;
      for (int n = 0; n <= 99 && points_for(n) <= cell.number; ++n)
        if (points_for(n) == cell.number) checks = n;
      if (checks < 0) {
        Add(codes::kIllegalValue, &row, cell.number, std::nullopt,
            row.name + ": " + std::to_string(cell.number) + " is not a whole number of bonuses (" +
                PerCheckText(rule, factor) + ")");
        checks = 1;  // still a claim; check its precondition below
      }
    }
    value_[row.id] = points;
    computed_[row.id] = points;
    if (checks <= 0) return;

    std::vector<std::string> problems;
    const RowSpec* box = ruleset_.YahtzeeBox();
    if (rule.precondition == BonusPrecondition::kOwnBoxFull) {
      const int full = box->score.fixed_points.value_or(50) * scale_;
      const CellValue held = column_.At(box->id);
      if (!(held.state == CellState::kNumber && held.number == full))
        problems.push_back("the " + box->name + " box must hold " + std::to_string(full) + " but is " +
                           WrittenText(held));
    } else {
      std::vector<std::string> short_columns;
      for (int c = 0; c < ruleset_.max_columns; ++c) {
        CellValue held;
        for (const CardColumn& other : grid_.columns)
          if (other.index == c) held = other.At(box->id);
        if (!(held.state == CellState::kNumber && held.number > 0))
          short_columns.push_back("column " + std::to_string(c + 1) + " is " + WrittenText(held));
      }
      if (!short_columns.empty())
        problems.push_back("every " + box->name + " box must hold more than 0, but " + Join(short_columns, ", "));
    }
    if (rule.max_checks && checks > *rule.max_checks)
      problems.push_back(std::to_string(checks) + " bonuses claimed, at most " + std::to_string(*rule.max_checks) +
                         " allowed");
    if (!problems.empty())
      Add(codes::kYahtzeeBonusInvalid, &row, WrittenNumber(cell), std::nullopt,
          row.name + " claimed without its precondition: " + Join(problems, "; "));
  }

  // "50 + 100 + 100 = 250": the points of each tick, added.
  static std::string TickSum(const YahtzeeBonusRule& rule, int factor, int checks) {
    std::vector<std::string> parts;
    for (int i = 1; i <= checks; ++i) parts.push_back(std::to_string((rule.PointsFor(i) - rule.PointsFor(i - 1)) * factor));
    return Join(parts, " + ") + " = " + std::to_string(rule.PointsFor(checks) * factor);
  }

  static std::string PerCheckText(const YahtzeeBonusRule& rule, int factor) {
    std::vector<std::string> parts;
    for (int p : rule.points_per_check) parts.push_back(std::to_string(p * factor));
    return parts.size() == 1 ? parts[0] + " each" : Join(parts, " then ") + " each";
  }

  void Total(const RowSpec& row, const CellValue& cell) {
    const bool multiply = row.times_multiplier && convention_ == EntryConvention::kRaw && multiplier_ != 1;
    const int factor = multiply ? multiplier_ : 1;
    int base = 0, from_written = 0;
    std::vector<std::string> terms;
    std::vector<std::string> carried;  // ids of the operands with a finding of their own
    const bool named_terms = std::any_of(row.sum_of.begin(), row.sum_of.end(), [&](const std::string& id) {
      return ruleset_.FindRow(id)->kind != RowKind::kEntry;
    });
    for (const std::string& part : row.sum_of) {
      const RowSpec& operand = *ruleset_.FindRow(part);
      const int value = value_[part];
      base += value;
      terms.push_back(named_terms ? operand.name + " " + std::to_string(value) : std::to_string(value));
      // What the player would get by adding the totals as written: if the
      // written total matches that, the error is carried, not made here.
      // A blank operand that has its own finding (a forgotten bonus) counts as 0.
      const std::optional<int> written = WrittenNumber(column_.At(part));
      const bool flagged_blank = !written && column_.At(part).empty() && flagged_.count(part);
      from_written += operand.kind == RowKind::kEntry ? value : written ? *written : flagged_blank ? 0 : value;
      if (flagged_.count(part)) carried.push_back(part);
    }
    const int expected = base * factor;
    value_[row.id] = expected;
    computed_[row.id] = expected;

    if (cell.state == CellState::kChecks) {
      Add(codes::kIllegalValue, &row, std::nullopt, expected, row.name + ": tick marks in a box that takes a total");
      return;
    }
    if (cell.state != CellState::kNumber || cell.number == expected) return;
    // A total printed twice is one total: a copy that holds what the first
    // holds has no finding of its own (the first has it).
    if (const RowSpec* first = ruleset_.CopiedTotal(row)) {
      const std::optional<int> original = WrittenNumber(column_.At(first->id));
      if (original && *original == cell.number) return;
    }

    const int written = cell.number;
    std::string sum = Join(terms, " + ");
    std::ostringstream message;
    message << row.name << ": ";
    if (multiply) {
      message << "(" << sum << ") × " << multiplier_;
    } else if (row.sum_of.size() == 1) {
      message << "should equal the " << ruleset_.FindRow(row.sum_of[0])->name;
    } else {
      message << sum;
    }
    message << " = " << expected << ", written " << written;

    const char* code = codes::kTotalMismatch;
    if (row.times_multiplier && ruleset_.HasMultipliers() && expected != 0) {
      for (int m : {1, 2, 3, multiplier_ * multiplier_}) {
        if (m == multiplier_ || static_cast<long long>(written) * multiplier_ != static_cast<long long>(expected) * m)
          continue;
        code = codes::kMultiplierWrong;
        message << " (the column is ×" << multiplier_ << "; the written total is the base × " << m << ")";
        break;
      }
    }
    if (code == codes::kTotalMismatch && !carried.empty() && written == from_written * factor) {
      std::vector<std::string> names;
      for (const std::string& id : carried) names.push_back(ruleset_.FindRow(id)->name);
      message << "; carries the " << Join(names, " and ") << " error";
      carried_[row.id] = carried;
    } else if (code == codes::kTotalMismatch)
      message << " (off by " << (written > expected ? "+" : "") << written - expected << ")";
    Add(code, &row, written, expected, message.str());
  }

  void ColumnWide() {
    const RowSpec* final_total = ruleset_.FinalTotal();
    if (ruleset_.incomplete_warnings && final_total && column_.At(final_total->id).state == CellState::kNumber)
      for (const RowSpec* row : empty_entries_)
        Add(codes::kIncomplete, row, std::nullopt, std::nullopt,
            row->name + " is empty although the " + final_total->name + " is written", Severity::kWarning);
    if (ruleset_.max_scored_boxes && scored_boxes_ > *ruleset_.max_scored_boxes)
      Add(codes::kTooManyScores, nullptr, scored_boxes_, *ruleset_.max_scored_boxes,
          std::to_string(scored_boxes_) + " boxes scored, but " + ruleset_.name + " allows at most " +
              std::to_string(*ruleset_.max_scored_boxes) + " per card");
  }

  const CardGrid& grid_;
  const CardColumn& column_;
  const Ruleset& ruleset_;
  const EntryConvention convention_;
  const std::set<std::string>& mixed_rows_;
  int multiplier_ = 1;
  int scale_ = 1;  // what every entry is multiplied by as written
  std::map<std::string, int> value_;     // value of every row so far, as it counts in sums
  std::map<std::string, int> computed_;  // bonus and total rows, for the report
  // Wrong totals equal to the sum of what is written above them -> the rows
  // whose errors they carry.
  std::map<std::string, std::vector<std::string>> carried_;
  std::set<std::string> flagged_;        // rows with a finding
  std::vector<const RowSpec*> empty_entries_;
  int scored_boxes_ = 0;
  std::vector<Finding> findings_;
};

struct Evaluated {
  ColumnCheck check;
  std::vector<Finding> findings;
  int errors = 0;
  std::map<std::string, std::vector<std::string>> carried;  // see ColumnEvaluator::carried_
};

Evaluated Evaluate(const CardGrid& grid, const CardColumn& column, const Ruleset& ruleset,
                   EntryConvention convention, const std::set<std::string>& mixed_rows, std::string reason) {
  ColumnEvaluator evaluator(grid, column, ruleset, convention, mixed_rows);
  evaluator.Run();
  Evaluated result;
  result.check.index = column.index;
  result.check.multiplier = ruleset.Multiplier(column.index);
  result.check.convention = convention;
  result.check.convention_reason = std::move(reason);
  result.check.used = true;
  result.check.computed = evaluator.computed();
  result.errors = evaluator.ErrorCount();  // before the findings are moved out
  result.findings = std::move(evaluator.findings());
  result.carried = evaluator.carried();
  return result;
}

// Chooses the entry convention of a ×k column (k > 1) from the values only one
// convention allows, then evaluates the column under it.
Evaluated EvaluateMultipliedColumn(const CardGrid& grid, const CardColumn& column, const Ruleset& ruleset,
                                   EntryConvention forced) {
  const int k = ruleset.Multiplier(column.index);
  const std::set<std::string> none;
  if (forced != EntryConvention::kAuto)
    return Evaluate(grid, column, ruleset, forced, none, "set by option");

  std::set<std::string> raw_only, multiplied_only;
  for (const RowSpec& row : ruleset.rows) {
    const CellValue cell = column.At(row.id);
    if (row.kind != RowKind::kEntry || cell.state != CellState::kNumber || cell.number == 0) continue;
    const bool raw = row.IsLegalRaw(cell.number);
    const bool multiplied = cell.number % k == 0 && row.IsLegalRaw(cell.number / k);
    if (raw && !multiplied) raw_only.insert(row.id);
    if (multiplied && !raw) multiplied_only.insert(row.id);
  }
  // "Full house 75, Sixes 54 and 9 more", in sheet order.
  auto names = [&](const std::set<std::string>& ids) {
    std::vector<std::string> parts;
    for (const RowSpec& row : ruleset.rows)
      if (ids.count(row.id)) parts.push_back(row.name + " " + std::to_string(column.At(row.id).number));
    if (parts.size() > 3) {
      const size_t more = parts.size() - 2;
      parts.resize(2);
      parts.push_back("and " + std::to_string(more) + " more");
    }
    return Join(parts, ", ");
  };
  auto fewer_findings = [&](const std::set<std::string>& raw_minority, const std::set<std::string>& mult_minority,
                            const std::string& why) {
    Evaluated raw = Evaluate(grid, column, ruleset, EntryConvention::kRaw, raw_minority, why);
    Evaluated multiplied = Evaluate(grid, column, ruleset, EntryConvention::kMultiplied, mult_minority, why);
    return multiplied.errors < raw.errors ? multiplied : raw;
  };
  if (raw_only.empty() && multiplied_only.empty())
    return fewer_findings(none, none, "no value decides; the convention with fewer findings");
  if (multiplied_only.empty())
    return Evaluate(grid, column, ruleset, EntryConvention::kRaw, none, "raw-only values: " + names(raw_only));
  if (raw_only.empty())
    return Evaluate(grid, column, ruleset, EntryConvention::kMultiplied, none,
                    "multiplied-only values: " + names(multiplied_only));
  const std::string mixed = "mixed: raw-only " + names(raw_only) + "; multiplied-only " + names(multiplied_only);
  if (raw_only.size() > multiplied_only.size())
    return Evaluate(grid, column, ruleset, EntryConvention::kRaw, multiplied_only, mixed);
  if (multiplied_only.size() > raw_only.size())
    return Evaluate(grid, column, ruleset, EntryConvention::kMultiplied, raw_only, mixed);
  return fewer_findings(multiplied_only, raw_only, mixed);
}

}  // namespace

int Verification::ErrorCount() const {
  int count = 0;
  for (const GridCheck& grid : grids)
    for (const Finding& f : grid.findings) count += f.severity == Severity::kError;
  return count;
}

int Verification::WarningCount() const {
  int count = 0;
  for (const GridCheck& grid : grids)
    for (const Finding& f : grid.findings) count += f.severity == Severity::kWarning;
  return count;
}

std::string DescribeLegalValues(const RowSpec& row, int scale) {
  std::vector<std::string> parts;
  const std::vector<int>& values = row.legal_raw;
  for (size_t i = 0; i < values.size();) {
    size_t j = i;
    while (j + 1 < values.size() && values[j + 1] == values[j] + 1) ++j;
    if (j - i >= 2) {
      parts.push_back(std::to_string(values[i] * scale) + "-" + std::to_string(values[j] * scale));
      i = j + 1;
    } else {
      parts.push_back(std::to_string(values[i] * scale));
      ++i;
    }
  }
  if (parts.size() <= 1) return Join(parts, "");
  std::string last = parts.back();
  parts.pop_back();
  return Join(parts, ", ") + " or " + last;
}

namespace {

// Whether a scanner found no box for `row` on the sheet (CardGrid::rows_not_found)
// and nothing is known of it (a person gave no value): what is written there
// was never read. A copy of another total (RowSpec::IsCopy) many sheets
// leave out, and its absence hides nothing.
bool NotRead(const CardGrid& grid, const CardColumn& column, const RowSpec& row) {
  return !row.IsCopy() && column.At(row.id).empty() && grid.NotFound(row.id);
}

// UNCERTAIN_READ for a row of a played column whose box the scanner did not
// find (NotRead).
Finding RowNotRead(const CardColumn& column, const RowSpec& row) {
  Finding finding;
  finding.code = codes::kUncertainRead;
  finding.severity = Severity::kWarning;
  finding.row = row.id;
  finding.column = column.index;
  finding.message = row.name + ": no box for this row was found on the sheet, so what is written there was not "
                    "read and the column's check is not complete; a person should look at this cell";
  return finding;
}

// UNCERTAIN_READ for every cell read with too little confidence, and in a
// played column (`played_in` its grid) every row whose box was not found, in
// row order. In a column nobody plays (`played_in` null) the only such cells
// are marks a scanner took for stray ones.
std::vector<Finding> UncertainReads(const CardColumn& column, const Ruleset& ruleset, double min_confidence,
                                    const CardGrid* played_in) {
  const bool unused = played_in == nullptr;
  std::vector<Finding> findings;
  for (const RowSpec& row : ruleset.rows) {
    if (played_in && NotRead(*played_in, column, row)) {
      findings.push_back(RowNotRead(column, row));
      continue;
    }
    const CellValue cell = column.At(row.id);
    const std::optional<double> confidence = cell.LeastConfidence();
    if (!confidence || *confidence >= min_confidence) continue;
    Finding finding;
    finding.code = codes::kUncertainRead;
    finding.severity = Severity::kWarning;
    finding.row = row.id;
    finding.column = column.index;
    finding.written = WrittenNumber(cell);
    std::ostringstream message;
    if (cell.empty() && unused)
      message << row.name << ": holds a mark in a column nobody plays, taken for a stray one (a speck, a hair); "
              << "the column is not checked";
    else if (cell.empty() && *confidence == 0.0)
      message << row.name << ": holds a mark that could not be read; it counts as nothing in the totals";
    else if (cell.empty())
      // Read as empty, but not surely: writing may stand there unseen (a
      // box whose edges were guessed on a sheet that prints no rules, or
      // whose ink a copier may have lost), in a column written in.
      message << row.name << ": read as empty with confidence " << std::fixed << std::setprecision(2) << *confidence;
    else if (cell.state == CellState::kNumber && *confidence == 0.0)
      // A reader gives confidence 0 only to a mark it could not read; a number
      // there was not read but inferred (the scanner's choice from the totals).
      message << row.name << ": holds a mark that could not be read; taken as " << cell.number
              << ", the value the column's totals need";
    else
      message << row.name << ": read as " << WrittenText(cell) << " with confidence " << std::fixed
              << std::setprecision(2) << *confidence;
    message << "; a person should look at this cell";
    finding.message = message.str();
    findings.push_back(std::move(finding));
  }
  return findings;
}

// True when at least options.hard_column_share of the column's read cells
// are uncertain (VerifyOptions::hard_column_share).
bool HardToRead(const CardColumn& column, const VerifyOptions& options) {
  int read = 0, uncertain = 0;
  for (const auto& [row_id, cell] : column.cells) {
    const std::optional<double> confidence = cell.LeastConfidence();
    if (!confidence) continue;
    ++read;
    if (*confidence < options.min_confidence) ++uncertain;
  }
  return read > 0 && uncertain >= options.hard_column_share * read;
}

// The check of a column nobody plays: no rules checked, but its marks (stray
// ones: dust, a hair) still get a person's look, one for the column.
void CheckUnusedColumn(const CardColumn& column, const Ruleset& ruleset, const VerifyOptions& options,
                       GridCheck& result) {
  // RULES.md: unused columns are ignored. Marks a scanner could not
  // read (stray ones: dust, a hair) still get a person's look.
  ColumnCheck unused;
  unused.index = column.index;
  unused.multiplier = ruleset.Multiplier(column.index);
  result.columns.push_back(unused);
  // One look for the column, however many marks: a person asks once
  // whether anybody played it (a tinted column's edges left four ghosts
  // in twenty boxes of a blurred photo).
  std::vector<Finding> marks = UncertainReads(column, ruleset, options.min_confidence, nullptr);
  if (marks.size() > 1) {
    std::vector<std::string> rows;
    for (const Finding& mark : marks) rows.push_back(ruleset.FindRow(*mark.row)->name);
    const std::string last = rows.back();
    rows.pop_back();
    marks.front().message = Join(rows, ", ") + " and " + last +
                            ": hold marks in a column nobody plays, taken for stray ones (a speck, a hair, "
                            "the edge of a tint or a line); the column is not checked; a person should look at "
                            "this column";
    marks.resize(1);
  }
  for (Finding& finding : marks) result.findings.push_back(std::move(finding));
}

// The confidence of the cell behind the error `finding` when a misreading of
// it may explain the error (read below `unconfirmed_below`, not vouched for,
// a reading that clears it); none when the error stands. `doubted`: the rows
// whose error is in doubt so far.
std::optional<double> DoubtedConfidence(const Finding& finding, const CardColumn& column, const Evaluated& evaluated,
                                        const std::set<std::string>& doubted, double unconfirmed_below,
                                        const VerifyOptions& options) {
  // A bonus claimed without its precondition is the ticks' claim;
  // anything else on a bonus row is in doubt when the points are too.
  const CellValue cell = column.At(*finding.row);
  const std::optional<double> confidence =
      finding.code == codes::kYahtzeeBonusInvalid ? cell.confidence : cell.LeastConfidence();
  // A wrong total that equals the sum of the values written above it
  // carries an earlier error; a misreading would hardly land on that
  // sum, so the cells it adds vouch for the reading, unless the error
  // it carries is itself in doubt.
  const auto carried = evaluated.carried.find(*finding.row);
  const bool vouched_for = options.trust_carried_totals && carried != evaluated.carried.end() &&
                           std::none_of(carried->second.begin(), carried->second.end(),
                                        [&](const std::string& id) { return doubted.count(id) > 0; });
  // A misreading explains the error only if the cell could read as the
  // value that clears it: a grand total read 134, 138 or 132 where 123
  // is due is wrong whichever it says (card 0056 of seed 900025).
  const bool misreading_clears = !finding.expected || cell.other_readings.empty() ||
                                 std::find(cell.other_readings.begin(), cell.other_readings.end(),
                                           *finding.expected) != cell.other_readings.end();
  if (confidence && *confidence < unconfirmed_below && !vouched_for && misreading_clears) return confidence;
  return std::nullopt;
}

// The check of a column played: its rules, its uncertain reads, and each
// error a misreading may explain made a warning.
void CheckPlayedColumn(const CardGrid& grid, const CardColumn& column, const Ruleset& ruleset, EntryConvention forced,
                       const VerifyOptions& options, GridCheck& result) {
  const std::set<std::string> none;
  Evaluated evaluated = ruleset.Multiplier(column.index) == 1
                            ? Evaluate(grid, column, ruleset, EntryConvention::kRaw, none, "")
                            : EvaluateMultipliedColumn(grid, column, ruleset, forced);
  result.columns.push_back(std::move(evaluated.check));
  for (Finding& finding : UncertainReads(column, ruleset, options.min_confidence, &grid))
    result.findings.push_back(std::move(finding));
  std::set<std::string> doubted;  // rows whose error became a warning (findings come in sheet order)
  // In a column hard to read as a whole, a misreading explains an error at
  // a higher confidence: many of its cells could be misread too.
  const bool hard = HardToRead(column, options);
  const double unconfirmed_below =
      hard ? std::max(options.unconfirmed_below, options.unconfirmed_in_hard_column) : options.unconfirmed_below;
  for (Finding& finding : evaluated.findings) {
    if (finding.severity == Severity::kError && finding.row) {
      if (const std::optional<double> confidence =
              DoubtedConfidence(finding, column, evaluated, doubted, unconfirmed_below, options)) {
        doubted.insert(*finding.row);
        std::ostringstream doubt;
        doubt << " (but the cell was read with confidence " << std::fixed << std::setprecision(2) << *confidence
              << (hard ? ", in a column much of which is hard to read" : "")
              << ": it may be a misreading; a person should look)";
        finding.severity = Severity::kWarning;
        finding.message += doubt.str();
      }
    }
    result.findings.push_back(std::move(finding));
  }
}

}  // namespace

GridCheck VerifyGrid(const CardGrid& grid, const Ruleset& ruleset, const VerifyOptions& options) {
  GridCheck result;
  result.ruleset = ruleset.id;
  EntryConvention forced = options.triple_entries;
  if (forced == EntryConvention::kAuto) forced = ruleset.entry_convention;
  for (const CardColumn& column : grid.columns) {
    if (column.unused()) CheckUnusedColumn(column, ruleset, options, result);
    else CheckPlayedColumn(grid, column, ruleset, forced, options, result);
  }
  return result;
}

Verification VerifyCard(const Card& card, const RulesetLibrary& rulesets, const VerifyOptions& options) {
  Verification verification;
  for (const CardGrid& grid : card.grids)
    verification.grids.push_back(VerifyGrid(grid, rulesets.Get(grid.ruleset), options));
  return verification;
}

bool VerifyOptions::Check() const {
  const auto Share = [](double x) { return x >= 0 && x <= 1; };  // a share or a probability
  return Share(min_confidence) && Share(unconfirmed_below) && Share(hard_column_share) &&
         Share(unconfirmed_in_hard_column);
}

}  // namespace scorecheck
