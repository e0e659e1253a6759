#include "batch/report_json.h"

#include <filesystem>
#include <ostream>

#include "batch/check_record.h"
#include "core/json_text.h"
#include "core/text.h"

namespace scorecheck {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// `value` as dump(2) writes it `depth` levels down in an enclosing value: its
// lines after the first indented by two spaces a level. (A JSON string holds
// no raw newline, so every newline of the text is one of the layout's.)
void WriteIndented(std::ostream& out, const Json& value, int depth) {
  const std::string text = value.dump(2);
  const std::string indent(2 * static_cast<size_t>(depth), ' ');
  size_t start = 0;
  for (size_t newline = text.find('\n'); newline != std::string::npos; newline = text.find('\n', start)) {
    out.write(text.data() + start, static_cast<std::streamsize>(newline + 1 - start));
    out << indent;
    start = newline + 1;
  }
  out.write(text.data() + start, static_cast<std::streamsize>(text.size() - start));
}

// The card files' records, one file at a time (a multi-page file's cards come
// one after the other).
class CardFiles {
 public:
  explicit CardFiles(std::string report_dir) : report_dir_(std::move(report_dir)) {}

  // The whole record saved at `saved`, or nullptr when the card file no longer
  // holds a sound card of that file there (changed since it was written: the
  // report holds nothing our own readers would refuse).
  const Json* Find(const SavedRecord& saved, const Json& kept) {
    if (saved.card_file != loaded_file_) {
      loaded_file_ = saved.card_file;
      cards_ = Json::array();
      try {
        Json file = ParseJsonText<Json>(ReadTextFile((fs::path(report_dir_) / saved.card_file).string()));
        if (file.is_object() && file.contains("cards") && file["cards"].is_array()) cards_ = std::move(file["cards"]);
      } catch (const std::exception&) {
        // Gone or damaged: the kept record is written instead.
      }
    }
    if (saved.index >= cards_.size()) return nullptr;
    const Json& whole = cards_[saved.index];
    if (!whole.is_object() || whole.value("file", Json()) != kept.value("file", Json())) return nullptr;
    try {
      CheckCardRecord(whole, saved.card_file);
    } catch (const std::exception&) {
      return nullptr;
    }
    return &whole;
  }

 private:
  std::string report_dir_;
  std::string loaded_file_;
  Json cards_ = Json::array();
};

}  // namespace

void WriteReportJson(const std::string& path, const Json& summary, const BatchRecords& batch,
                     const std::string& report_dir, const Json& extra) {
  CardFiles card_files(report_dir);
  WriteFileAtomic(path, [&](std::ostream& out) {
    out << "{\n  \"summary\": ";
    WriteIndented(out, summary, 1);
    out << ",\n  \"cards\": ";
    if (batch.records.empty()) {
      out << "[]";
    } else {
      out << "[\n";
      for (size_t i = 0; i < batch.records.size(); ++i) {
        const Json& kept = batch.records[i];
        const Json* whole = i < batch.saved.size() && batch.saved[i] ? card_files.Find(*batch.saved[i], kept) : nullptr;
        out << (i ? ",\n    " : "    ");
        WriteIndented(out, whole ? *whole : kept, 2);
      }
      out << "\n  ]";
    }
    for (const auto& [key, value] : extra.items()) {
      out << ",\n  " << Json(key).dump() << ": ";
      WriteIndented(out, value, 1);
    }
    out << "\n}\n";
  });
}

}  // namespace scorecheck
