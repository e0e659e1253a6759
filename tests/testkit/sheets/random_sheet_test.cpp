// The random sheet generator: the same seed gives the same style and pixels,
// every parameter takes each of its values over a few hundred seeds, every
// score box lies inside the page and its grid without overlapping another,
// the image is the page's size at the dpi, the boxes hold nothing printed but
// their fill (so a tinted row's tint is inside the truth's boxes), and every
// font family is really installed.

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "testkit/pixel_hash.h"

#include "core/error.h"
#include "sheets/render_random_sheet.h"
#include "sheets/seed_ranges.h"
#include "sheets/sheet_geometry.h"
#include "sheets/sheet_style.h"
#include "support/test_support.h"

namespace scorecheck {
namespace {

using namespace scorecheck::testing;

const Ruleset& RulesetFor(std::uint64_t seed) {
  const std::vector<std::string> ids = ShippedRulesets().Ids();
  return ShippedRulesets().Get(ids[seed % ids.size()]);
}

// Every field of a style, as text: equal texts, equal styles.
std::string Describe(const RandomSheetStyle& s) {
  std::ostringstream out;
  auto rgb = [&](const Rgb& c) { out << c.r << "," << c.g << "," << c.b << ";"; };
  out << s.seed << s.ruleset_id << static_cast<int>(s.page) << s.landscape << s.margin_left_mm << s.margin_right_mm
      << s.margin_top_mm << s.margin_bottom_mm << s.grid_x_position << s.grid_y_position << s.grids << s.columns
      << s.score_column_mm << s.label_column_mm << s.how_to_column_mm << s.row_mm << s.header_row_factor
      << static_cast<int>(s.how_to) << static_cast<int>(s.header) << s.header_dark_bar << s.section_rows
      << s.split_bonus_row << s.header_label_text << s.header_how_to_text << s.section_titles.first
      << s.section_titles.second << static_cast<int>(s.row_shading) << s.tinted_columns << s.rule_mm
      << s.section_rule_mm << s.frame_mm << static_cast<int>(s.frame) << static_cast<int>(s.verticals) << s.font
      << s.bold_labels << static_cast<int>(s.label_case) << s.label_size << s.label_align << s.header_align
      << s.bonus_points_label << s.bonus_points_how_to << s.dice_icons << s.dice_filled << s.title << s.title_bar
      << s.footer;
  rgb(s.tint);
  rgb(s.bar);
  rgb(s.rule_colour);
  rgb(s.text_colour);
  for (const auto& h : s.column_headers) out << h << "|";
  for (const auto& [k, v] : s.labels) out << k << "=" << v << "|";
  for (const auto& [k, v] : s.how_tos) out << k << "=" << v << "|";
  for (const auto& line : s.field_lines) out << line << "|";
  return out.str();
}

using testing::PixelHash;

bool Inside(const RectMm& inner, const RectMm& outer, double tolerance = 1e-6) {
  return inner.x >= outer.x - tolerance && inner.y >= outer.y - tolerance &&
         inner.right() <= outer.right() + tolerance && inner.bottom() <= outer.bottom() + tolerance;
}

bool Overlap(const RectMm& a, const RectMm& b) {
  return a.x < b.right() - 1e-6 && b.x < a.right() - 1e-6 && a.y < b.bottom() - 1e-6 && b.y < a.bottom() - 1e-6;
}

TEST(RandomSheetTest, SameSeedSameStyleAndPixels) {
  for (std::uint64_t seed : {1u, 2u, 77u, 4999999u}) {
    const Ruleset& ruleset = RulesetFor(seed);
    EXPECT_EQ(Describe(StyleFromSeed(seed, ruleset)), Describe(StyleFromSeed(seed, ruleset))) << seed;
    EXPECT_NE(Describe(StyleFromSeed(seed, ruleset)), Describe(StyleFromSeed(seed + 6, ruleset))) << seed;
  }
  const RandomSheetStyle style = StyleFromSeed(8, RulesetFor(8));
  EXPECT_EQ(PixelHash(RenderRandomSheet(style, RulesetFor(8), 60).image),
            PixelHash(RenderRandomSheet(style, RulesetFor(8), 60).image));
}

// Over 600 seeds (100 per ruleset) every parameter takes each of its values.
TEST(RandomSheetTest, EveryParameterTakesEveryValue) {
  std::map<std::string, std::set<std::string>> seen;
  auto see = [&](const std::string& parameter, const auto& value) {
    std::ostringstream text;
    text << value;
    seen[parameter].insert(text.str());
  };
  auto band = [](double value, std::initializer_list<double> edges) {
    int b = 0;
    for (double edge : edges) b += value >= edge;
    return b;
  };
  for (std::uint64_t seed = 1; seed <= 600; ++seed) {
    const Ruleset& ruleset = RulesetFor(seed);
    const RandomSheetStyle s = StyleFromSeed(seed, ruleset);
    see("columns " + ruleset.id, s.columns);
    see("grids " + ruleset.id, s.grids);
    see("score column mm <20, 20-40, >=40", band(s.score_column_mm, {20, 40}));
    const double label_ratio = s.label_column_mm / s.score_column_mm;
    see("label narrower/equal/wider", label_ratio < 0.99 ? "narrower" : label_ratio <= 1.01 ? "equal" : "wider");
    if (s.how_to == HowToPlacement::kLeftOfScores || s.how_to == HowToPlacement::kRightOfScores) {
      const double how_ratio = s.how_to_column_mm / s.score_column_mm;
      see("how-to narrower/equal/wider", how_ratio < 0.99 ? "narrower" : how_ratio <= 1.01 ? "equal" : "wider");
    }
    see("how_to", HowToPlacementName(s.how_to));
    see("header", HeaderRowsName(s.header));
    see("header_dark_bar", s.header_dark_bar);
    see("section_rows", s.section_rows);
    if (ruleset.yahtzee_bonus) see("split_bonus_row", s.split_bonus_row);
    see("row_shading", RowShadingName(s.row_shading));
    see("tinted_columns", s.tinted_columns);
    see("rule colour black/gray/hue", s.rule_colour == Rgb{0, 0, 0}                                 ? "black"
                                      : s.rule_colour.r == s.rule_colour.g && s.rule_colour.g == s.rule_colour.b ? "gray"
                                                                                                               : "hue");
    see("rule mm <0.25, 0.25-0.6, >=0.6", band(s.rule_mm, {0.25, 0.6}));
    see("frame mm <0.3, 0.3-0.8, >=0.8", band(s.frame_mm, {0.3, 0.8}));
    see("frame", FrameStyleName(s.frame));
    see("verticals", VerticalRulesName(s.verticals));
    see("font", s.font);
    see("bold_labels", s.bold_labels);
    see("capitals", s.label_case == LabelCase::kUpper);
    see("label_align", s.label_align);
    see("dice_icons", s.dice_icons);
    see("dice_filled", s.dice_filled);
    see("title", s.title.empty() ? "none" : "some");
    see("title_bar", s.title_bar);
    see("field_lines", s.field_lines.size());
    see("footer", s.footer.empty());
    see("page", PageSizeName(s.page));
    see("landscape", s.landscape);
    see("grid centred", s.grid_x_position == 0.5);
    see("family", StyleFamily(s));
  }
  const std::map<std::string, size_t> expected = {
      {"columns classic", 6}, {"columns fivezee", 6}, {"columns rollem", 6}, {"columns rock", 1},
      {"columns triple", 1},  {"columns piecepack", 1}, {"grids piecepack", 3}, {"grids classic", 1},
      {"score column mm <20, 20-40, >=40", 3}, {"label narrower/equal/wider", 3}, {"how-to narrower/equal/wider", 3},
      {"how_to", 4}, {"header", 3}, {"header_dark_bar", 2}, {"section_rows", 2}, {"split_bonus_row", 2},
      {"row_shading", 3}, {"tinted_columns", 2}, {"rule colour black/gray/hue", 3}, {"rule mm <0.25, 0.25-0.6, >=0.6", 3},
      {"frame mm <0.3, 0.3-0.8, >=0.8", 3}, {"frame", 4}, {"verticals", 3}, {"font", StyleFonts().size()},
      {"bold_labels", 2}, {"capitals", 2}, {"label_align", 3}, {"dice_icons", 2}, {"dice_filled", 2}, {"title", 2},
      {"title_bar", 2}, {"field_lines", 3}, {"footer", 2}, {"page", 2}, {"landscape", 2}, {"grid centred", 2},
      {"family", 4}};
  for (const auto& [parameter, count] : expected) {
    std::string values;
    for (const std::string& v : seen[parameter]) values += v + " ";
    EXPECT_EQ(seen[parameter].size(), count) << parameter << ": " << values;
  }
  EXPECT_EQ(*seen["columns triple"].begin(), "3");
  EXPECT_EQ(*seen["columns piecepack"].begin(), "6");
}

// Every score box inside the page and its grid's frame, a usable size, and
// apart from every other box; grids apart from each other and from the text.
TEST(RandomSheetTest, BoxesLieInsideTheirGridAndApart) {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const Ruleset& ruleset = RulesetFor(seed);
    const RandomSheetStyle style = StyleFromSeed(seed, ruleset);
    const RandomSheetGeometry sheet = LayOutRandomSheet(style, ruleset);
    const RectMm page{0, 0, sheet.width_mm, sheet.height_mm};
    ASSERT_EQ(static_cast<int>(sheet.grids.size()), style.grids) << seed;
    std::vector<RectMm> boxes;
    for (size_t g = 0; g < sheet.grids.size(); ++g) {
      const RandomGrid& grid = sheet.grids[g];
      EXPECT_TRUE(Inside(grid.frame, page)) << "seed " << seed << " grid " << g;
      for (size_t other = 0; other < g; ++other) EXPECT_FALSE(Overlap(grid.frame, sheet.grids[other].frame)) << seed;
      EXPECT_FALSE(Overlap(grid.frame, sheet.title_box)) << seed;
      EXPECT_FALSE(Overlap(grid.frame, sheet.footer_box)) << seed;
      for (const RectMm& line : sheet.field_line_boxes) EXPECT_FALSE(Overlap(grid.frame, line)) << seed;
      EXPECT_EQ(grid.score_columns(), style.columns) << seed;
      int score_rows = 0;
      for (size_t r = 0; r < grid.rows.size(); ++r) {
        if (grid.rows[r].kind != RandomRow::Kind::kScore) continue;
        ++score_rows;
        for (int c = 0; c < grid.score_columns(); ++c) {
          const RectMm box = grid.CellInside(r, c);
          EXPECT_TRUE(Inside(box, grid.frame)) << "seed " << seed << " row " << r << " column " << c;
          EXPECT_GE(box.w, 8) << "seed " << seed;  // room for a two-digit number
          EXPECT_GE(box.h, 3.5) << "seed " << seed;
          boxes.push_back(box);
        }
      }
      EXPECT_EQ(score_rows, static_cast<int>(ruleset.rows.size()) + (style.split_bonus_row ? 1 : 0)) << seed;
    }
    for (size_t a = 0; a < boxes.size(); ++a)
      for (size_t b = a + 1; b < boxes.size(); ++b) ASSERT_FALSE(Overlap(boxes[a], boxes[b])) << "seed " << seed;
  }
}

// The score rows keep the ruleset's rows in order; the split bonus is ticks then points.
TEST(RandomSheetTest, RowsFollowTheRuleset) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const Ruleset& ruleset = RulesetFor(seed);
    const RandomSheetStyle style = StyleFromSeed(seed, ruleset);
    const RenderedRandomSheet sheet = RenderRandomSheet(style, ruleset, 20);
    std::vector<std::string> want, got;
    for (const RowSpec& row : ruleset.rows) {
      if (row.kind == RowKind::kYahtzeeBonus && style.split_bonus_row) want.push_back(row.id + "/checks");
      want.push_back(row.id + (row.kind == RowKind::kYahtzeeBonus && style.split_bonus_row ? "/points" : "/value"));
    }
    for (const PrintedScoreRow& row : sheet.grids.at(0).rows)
      got.push_back(row.row_id + (row.part == CellPart::kChecks ? "/checks" : row.part == CellPart::kPoints ? "/points" : "/value"));
    EXPECT_EQ(got, want) << "seed " << seed;
  }
}

TEST(RandomSheetTest, ImageIsThePageAtTheDpi) {
  for (std::uint64_t seed : {3u, 10u, 41u, 52u}) {
    const RandomSheetStyle style = StyleFromSeed(seed, RulesetFor(seed));
    const auto [w_mm, h_mm] = PageSizeMm(style);
    for (double dpi : {50.0, 96.0}) {
      const RenderedRandomSheet sheet = RenderRandomSheet(style, RulesetFor(seed), dpi);
      EXPECT_EQ(sheet.image.cols, std::lround(w_mm * dpi / 25.4)) << seed;
      EXPECT_EQ(sheet.image.rows, std::lround(h_mm * dpi / 25.4)) << seed;
      EXPECT_EQ(sheet.image.type(), CV_8UC3);
    }
  }
}

// The truth boxes hold the row's and column's fill and nothing else: every
// pixel of a box (less a pixel and a half of anti-aliasing at its edges) is
// the tint on a tinted row or column, white elsewhere. A box that took in a
// rule, a label or the wrong band fails.
TEST(RandomSheetTest, TintFillsTheBoxesAndNothingElseDoes) {
  int tinted_boxes = 0, checked_styles = 0;
  for (std::uint64_t seed = 1; seed <= 400 && checked_styles < 24; ++seed) {
    const Ruleset& ruleset = RulesetFor(seed);
    const RandomSheetStyle style = StyleFromSeed(seed, ruleset);
    // Every shaded style, and now and then a plain one.
    if (style.row_shading == RowShading::kNone && !style.tinted_columns && seed % 5 != 0) continue;
    ++checked_styles;
    const double dpi = 100;
    const RenderedRandomSheet sheet = RenderRandomSheet(style, ruleset, dpi);
    for (size_t g = 0; g < sheet.grids.size(); ++g) {
      const PrintedGrid& printed = sheet.grids[g];
      for (size_t r = 0; r < printed.rows.size(); ++r) {
        const bool row_tint = sheet.geometry.grids[g].rows[printed.rows[r].printed_row].tinted;
        for (size_t c = 0; c < printed.columns.size(); ++c) {
          const bool column_tint = style.tinted_columns && c % 2 == 1;
          Rgb want{1, 1, 1};
          for (int layers = row_tint + column_tint; layers > 0; --layers)
            want = {want.r * style.tint.r, want.g * style.tint.g, want.b * style.tint.b};
          tinted_boxes += row_tint || column_tint;
          const cv::Rect2f box = printed.cells[r][c];
          const cv::Rect inner(static_cast<int>(std::ceil(box.x + 1.5)), static_cast<int>(std::ceil(box.y + 1.5)),
                               static_cast<int>(box.width - 3), static_cast<int>(box.height - 3));
          ASSERT_GT(inner.area(), 0) << "seed " << seed;
          cv::Mat channels[3];
          cv::split(sheet.image(inner), channels);
          const double expected[3] = {want.b * 255, want.g * 255, want.r * 255};  // BGR
          for (int ch = 0; ch < 3; ++ch) {
            double lo = 0, hi = 0;
            cv::minMaxLoc(channels[ch], &lo, &hi);
            EXPECT_NEAR(lo, expected[ch], 2.5) << "seed " << seed << " grid " << g << " row " << printed.rows[r].row_id
                                               << " column " << c << " channel " << ch;
            EXPECT_NEAR(hi, expected[ch], 2.5) << "seed " << seed << " grid " << g << " row " << printed.rows[r].row_id
                                               << " column " << c << " channel " << ch;
          }
        }
      }
    }
  }
  EXPECT_GE(checked_styles, 20);
  EXPECT_GT(tinted_boxes, 100);
}

// Every family the styles name is installed: each prints a sample differently
// from every other (fontconfig would quietly put the default in a missing
// one's place, and two families would print alike).
TEST(RandomSheetTest, EveryFontFamilyIsInstalled) {
  const Ruleset& ruleset = ShippedRulesets().Get("rock");
  std::map<std::size_t, std::string> by_hash;
  for (const std::string& font : StyleFonts()) {
    RandomSheetStyle style = StyleFromSeed(5, ruleset);
    style.font = font;
    const std::size_t hash = PixelHash(RenderRandomSheet(style, ruleset, 40).image);
    EXPECT_EQ(by_hash.count(hash), 0u) << font << " prints like " << by_hash[hash] << ": is it installed (tools/setup)?";
    by_hash[hash] = font;
  }
}

TEST(RandomSheetTest, ReservedSeedsAreKnown) {
  EXPECT_TRUE(OverlapsReservedStyleSeeds(ParseSeedRange("4999990-5000000")));
  EXPECT_TRUE(OverlapsReservedStyleSeeds(ParseSeedRange("5999999")));
  EXPECT_FALSE(OverlapsReservedStyleSeeds(ParseSeedRange("1-4999999")));
  EXPECT_FALSE(OverlapsReservedStyleSeeds(ParseSeedRange("6000000-6000100")));
  EXPECT_TRUE(IsReservedCardSeed(950000));
  EXPECT_TRUE(IsReservedCardSeed(959999));
  EXPECT_FALSE(IsReservedCardSeed(900037));
  EXPECT_THROW(ParseSeedRange("20-10"), Error);
  EXPECT_THROW(ParseSeedRange("a-b"), Error);
  EXPECT_EQ(ParseSeedRange("7").size(), 1u);
}

}  // namespace
}  // namespace scorecheck
