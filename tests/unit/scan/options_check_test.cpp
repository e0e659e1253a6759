// Every tuned number of the scan is range-checked: each options struct's
// defaults pass its Check(), one value out of range fails it, and the scan's
// own Check() sees a bad value in any stage's options.

#include <gtest/gtest.h>

#include "batch/card_record.h"
#include "grid/snap_to_lines.h"
#include "lattice/bands.h"
#include "scan/scan_card.h"

namespace scorecheck {
namespace {

template <typename Options, typename Spoil>
void ExpectChecked(const char* name, Spoil spoil) {
  EXPECT_TRUE(Options{}.Check()) << name << ": its defaults";
  Options bad;
  spoil(bad);
  EXPECT_FALSE(bad.Check()) << name << ": a value out of range passed";
}

TEST(OptionsCheckTest, EachStructsDefaultsPassAndAValueOutOfRangeFails) {
  ExpectChecked<VerifyOptions>("verify", [](auto& o) { o.min_confidence = 1.5; });
  ExpectChecked<StrayMarkOptions>("stray marks", [](auto& o) { o.max_share = -0.1; });
  ExpectChecked<SnapOptions>("snap", [](auto& o) { o.min_fill = 2; });
  ExpectChecked<lattice::BandOptions>("bands", [](auto& o) { o.max_thickness_mm = 1; });
  ExpectChecked<CardRecordOptions>("card record", [](auto& o) { o.thumbnail_width = 0; });
  ExpectChecked<LabelMatchOptions>("labels", [](auto& o) { o.min_score = -1; });
  ExpectChecked<UnruledColumnOptions>("unruled columns", [](auto& o) { o.ink_level = 300; });
  ExpectChecked<ScoreColumnOptions>("score columns", [](auto& o) { o.max_columns = 0; });
  ExpectChecked<ColumnHeaderOptions>("column headers", [](auto& o) { o.ink.min_block_rows = 0; });
  ExpectChecked<TintColumnOptions>("tinted columns", [](auto& o) { o.edge_mm = 0; });
  ExpectChecked<ColumnRoleOptions>("column roles", [](auto& o) { o.light_ink_level = 100; });
  ExpectChecked<CellOptions>("cells", [](auto& o) { o.margin = 0.7 + 0.5; });
  ExpectChecked<ReadOptions>("read", [](auto& o) { o.digit_temperature = 0; });
  ExpectChecked<GridOptions>("grid", [](auto& o) { o.entries_margin = o.tie_margin / 2; });
  ExpectChecked<PageOptions>("page", [](auto& o) { o.outline.min_area = 2; });
  ExpectChecked<PhotoQualityOptions>("photo quality", [](auto& o) { o.min_ink_contrast = 300; });
}

TEST(OptionsCheckTest, TheScanSeesABadValueInAnyStage) {
  EXPECT_TRUE(ScanOptions{}.Check());
  const std::vector<void (*)(ScanOptions&)> spoilers = {
      [](ScanOptions& o) { o.min_confidence = 2; },
      [](ScanOptions& o) { o.time_limit_seconds = -1; },
      [](ScanOptions& o) { o.page.max_sheets = 0; },
      [](ScanOptions& o) { o.page.grain.smooth_mm = 0; },
      [](ScanOptions& o) { o.grid.roles.min_text_rows = 0; },
      [](ScanOptions& o) { o.cells.strong_ink = -5; },
      [](ScanOptions& o) { o.read.max_digits = 0; },
      [](ScanOptions& o) { o.quality.max_edge_width = 0; },
      [](ScanOptions& o) { o.verify.hard_column_share = 3; },
      [](ScanOptions& o) { o.stray.sure_mark = 7; },
      [](ScanOptions& o) { o.read_threads = 0; },
  };
  for (size_t i = 0; i < spoilers.size(); ++i) {
    ScanOptions bad;
    spoilers[i](bad);
    EXPECT_FALSE(bad.Check()) << "spoiler " << i;
  }
}

}  // namespace
}  // namespace scorecheck
