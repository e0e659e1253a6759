#include "batch/check_record.h"

#include <filesystem>
#include <set>

#include "core/error.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck {
namespace {

using Json = nlohmann::ordered_json;

// Grid and column numbers a sheet can have; totals a game can reach (a
// difference of two stays far inside an int).
constexpr long long kMostPlaces = 1000;
constexpr long long kLargestTotal = 1'000'000;

// What one record's field must hold.
class Fields {
 public:
  Fields(const Json& object, std::string where) : object_(object), where_(std::move(where)) {
    SC_CHECK(object_.is_object(), where_ << ": not an object");
  }

  const Json& Need(const char* key) const {
    SC_CHECK(object_.contains(key), where_ << ": no \"" << key << "\"");
    return object_[key];
  }
  std::string At(const char* key) const { return where_ + "." + key; }

  void String(const char* key, bool required = true) const {
    if (!required && !object_.contains(key)) return;
    SC_CHECK(Need(key).is_string(), At(key) << ": not text");
  }
  void StringOrNull(const char* key) const {
    const Json& value = Need(key);
    SC_CHECK(value.is_string() || value.is_null(), At(key) << ": not text or null");
  }
  void Whole(const char* key, long long low, long long high, bool nullable = false) const {
    const Json& value = Need(key);
    if (nullable && value.is_null()) return;
    SC_CHECK(value.is_number_integer() && value.get<long long>() >= low && value.get<long long>() <= high,
             At(key) << ": not a whole number from " << low << " to " << high);
  }
  void Place() const {
    Whole("grid", 1, kMostPlaces);
    Whole("column", 1, kMostPlaces);
  }
  void Confidence() const {
    const Json& value = Need("confidence");
    SC_CHECK(value.is_null() || (value.is_number() && value.get<double>() >= 0 && value.get<double>() <= 1),
             At("confidence") << ": not a number from 0 to 1 or null");
  }
  // A picture's path, relative to the report folder and inside it.
  void Picture(const char* key) const {
    if (!object_.contains(key)) return;
    String(key);
    const std::filesystem::path path(object_[key].get<std::string>());
    bool inside = !path.empty() && path.is_relative();
    for (const auto& part : path) inside = inside && part != "..";
    SC_CHECK(inside, At(key) << ": not a path inside the report folder");
  }
  const Json& Array(const char* key, bool required = true) const {
    static const Json kEmpty = Json::array();
    if (!required && !object_.contains(key)) return kEmpty;
    SC_CHECK(Need(key).is_array(), At(key) << ": not a list");
    return object_[key];
  }

 private:
  const Json& object_;
  std::string where_;
};

template <typename Check>
void EachItem(const Fields& record, const char* key, const Check& check, bool required = true) {
  const Json& items = record.Array(key, required);
  for (size_t i = 0; i < items.size(); ++i) check(Fields(items[i], record.At(key) + "[" + std::to_string(i) + "]"));
}

void CheckCell(const Fields& cell) {
  cell.Place();
  cell.String("row");
  cell.String("row_name");
  cell.String("reading");
  cell.Need("value");  // the card format; read by ParseCellJson where it is used
  cell.Confidence();
  cell.Picture("crop");
}

}  // namespace

void CheckCardRecord(const Json& record_json, const std::string& where) {
  const Fields record(record_json, where);
  record.String("file");
  record.String("status");
  const std::string status = record_json["status"];
  static const std::set<std::string> kStatuses = {"clean", "errors", "review", "unreadable"};
  SC_CHECK(kStatuses.count(status), record.At("status") << ": \"" << status << "\" is not clean, errors, review or unreadable");
  if (status == "unreadable") {
    record.String("reason");
    return;
  }
  record.String("summary");
  record.String("sheet");
  record.String("ruleset");
  record.Picture("overlay");
  record.Picture("thumbnail");
  EachItem(record, "columns", [](const Fields& column) {
    column.Place();
    column.String("ruleset");
    column.Whole("written_total", -kLargestTotal, kLargestTotal, /*nullable=*/true);
    column.Whole("recomputed_total", -kLargestTotal, kLargestTotal, /*nullable=*/true);
    column.Whole("errors", 0, kLargestTotal);
    column.Whole("warnings", 0, kLargestTotal);
    column.Whole("uncertain", 0, kLargestTotal);
    column.String("status");
    column.Picture("name_crop");
    column.String("name", /*required=*/false);
  });
  EachItem(record, "findings", [](const Fields& finding) {
    finding.Place();
    finding.String("severity");
    finding.String("code");
    finding.StringOrNull("row");
    finding.String("row_name");
    finding.String("message");
  });
  EachItem(record, "uncertain", CheckCell);
  EachItem(record, "evidence", CheckCell);
  EachItem(record, "corrected", [](const Fields& cell) {
    cell.Place();
    cell.String("row");
    cell.String("row_name");
    cell.String("value");
  });
  // The desk lays its fields over the overlay where these say (a record of an
  // earlier version has none: the desk then lists the card's cells instead).
  EachItem(
      record, "boxes",
      [](const Fields& box) {
        box.Place();
        box.String("row");
        box.String("row_name");
        box.String("reading");
        box.Need("value");
        const Json& rect = box.Need("box");
        bool sound = rect.is_array() && rect.size() == 4;
        for (size_t i = 0; sound && i < 4; ++i)
          sound = rect[i].is_number_integer() && rect[i].get<long long>() >= 0 && rect[i].get<long long>() <= 1'000'000;
        SC_CHECK(sound, box.At("box") << ": not four whole numbers x, y, width, height");
        SC_CHECK(box.Need("uncertain").is_boolean() && box.Need("by_person").is_boolean(),
                 box.At("uncertain") << ": not true or false");
      },
      /*required=*/false);
  const Json& problems = record.Array("correction_problems", /*required=*/false);
  for (size_t i = 0; i < problems.size(); ++i)
    SC_CHECK(problems[i].is_string(), record.At("correction_problems") << "[" << i << "]: not text");
  if (record_json.contains("report")) SC_CHECK(record_json["report"].is_object(), record.At("report") << ": not an object");
}

Json LoadBatchReport(const std::string& report_dir) {
  const std::string path = (std::filesystem::path(report_dir) / "report.json").string();
  std::string text;
  try {
    text = ReadTextFile(path);
  } catch (const Error& e) {
    throw Error(path + ": " + e.what() + " (run `scorecheck batch FOLDER -o " + report_dir + "` first)");
  }
  Json report;
  try {
    report = ParseJsonText<Json>(text);
  } catch (const Error& e) {
    throw Error(path + ": not a batch report (" + e.what() + ")");
  }
  SC_CHECK(report.is_object() && report.contains("cards") && report["cards"].is_array(),
           path << ": not a batch report (no \"cards\")");
  for (size_t i = 0; i < report["cards"].size(); ++i) {
    try {
      CheckCardRecord(report["cards"][i], "cards[" + std::to_string(i) + "]");
    } catch (const Error& e) {
      throw Error(path + ": " + e.what());
    }
  }
  return report;
}

}  // namespace scorecheck
