#include "sheets/sheet_style.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string_view>

#include "sheets/wording_pools.h"

namespace scorecheck {
namespace {

constexpr double kGridGapMm = 8;         // between grids on one page
constexpr double kMinLabelMm = 22;       // narrower and "Total of Upper Section" shrinks past reading
constexpr double kMaxLabelMm = 75;       // the widest label column the fit widens to
constexpr double kAverageCharEm = 0.58;  // mean advance of a label character, in ems (DejaVu Sans ~0.6)
constexpr double kMinScoreColumnMm = 10; // a three-digit total written small still fits
constexpr double kMinRowMm = 4.5;        // lower and a handwritten digit no longer fits (own 4-grid sheets: 5.4)
constexpr double kMinHowToColumnMm = 16; // a how-to column narrower than this holds nothing legible
constexpr double kMinUnderLabelRowMm = 7;  // a label with a note under it needs two lines of type

// One random stream per parameter: seeded by the style seed and the
// parameter's name, so that drawing one parameter differently (or adding a
// new one) leaves every other parameter of every seed as it was.
class Streams {
 public:
  explicit Streams(std::uint64_t seed) : seed_(seed) {}
  std::mt19937_64 For(std::string_view name) const {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a of the name
    for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    std::uint64_t z = seed_ * 0x9E3779B97F4A7C15ull + h;  // splitmix64 finaliser
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return std::mt19937_64(z ^ (z >> 31));
  }
  double Uniform(std::string_view name, double lo, double hi) const {
    auto rng = For(name);
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  // Log-uniform: as many thin as thick values per factor of width.
  double LogUniform(std::string_view name, double lo, double hi) const {
    return std::exp(Uniform(name, std::log(lo), std::log(hi)));
  }
  bool Chance(std::string_view name, double p) const { return Uniform(name, 0, 1) < p; }
  // Index drawn with the given weights.
  size_t Weighted(std::string_view name, std::initializer_list<double> weights) const {
    auto rng = For(name);
    return std::discrete_distribution<size_t>(weights)(rng);
  }
  template <typename T>
  const T& Pick(std::string_view name, const std::vector<T>& options) const {
    auto rng = For(name);
    return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng)];
  }

 private:
  std::uint64_t seed_;
};

Rgb FromHsv(double h, double s, double v) {
  const double c = v * s, x = c * (1 - std::abs(std::fmod(h / 60, 2) - 1)), m = v - c;
  const int sector = static_cast<int>(h / 60) % 6;
  const double r[] = {c, x, 0, 0, x, c}, g[] = {x, c, c, x, 0, 0}, b[] = {0, 0, x, c, c, x};
  return {r[sector] + m, g[sector] + m, b[sector] + m};
}

Rgb RandomColour(const Streams& s, const std::string& name, double s_lo, double s_hi, double v_lo, double v_hi) {
  return FromHsv(s.Uniform(name + ".hue", 0, 359.99), s.Uniform(name + ".sat", s_lo, s_hi),
                 s.Uniform(name + ".val", v_lo, v_hi));
}

size_t Utf8Length(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

bool HowToInColumn(HowToPlacement p) { return p == HowToPlacement::kLeftOfScores || p == HowToPlacement::kRightOfScores; }

// Grids across and down on the page.
std::pair<int, int> GridArrangement(const RandomSheetStyle& style) {
  if (style.grids == 4) return {2, 2};
  if (style.grids == 2) return style.landscape ? std::pair{2, 1} : std::pair{1, 2};
  return {1, 1};
}

double GridWidthMm(const RandomSheetStyle& style) {
  return style.label_column_mm + (HowToInColumn(style.how_to) ? style.how_to_column_mm : 0) +
         style.columns * style.score_column_mm;
}

double GridHeightMm(const RandomSheetStyle& style, const Ruleset& ruleset) {
  const int headers = style.header == HeaderRows::kNone ? 0 : style.header == HeaderRows::kTop ? 1 : 2;
  const int sections = style.section_rows ? 2 : 0;
  const int score_rows = PrintedRowCount(style, ruleset) - headers - sections;
  return style.row_mm * (score_rows + headers * style.header_row_factor + sections * 0.8);
}

}  // namespace

const std::vector<std::string>& StyleFonts() {
  static const std::vector<std::string> fonts = {"DejaVu Sans",     "DejaVu Serif",      "DejaVu Sans Mono",
                                                 "DejaVu Sans Condensed", "Liberation Sans", "Liberation Serif",
                                                 "Liberation Mono", "Liberation Sans Narrow"};
  return fonts;
}

std::pair<double, double> PageSizeMm(const RandomSheetStyle& style) {
  const double w = style.page == PageSize::kA4 ? 210 : 215.9, h = style.page == PageSize::kA4 ? 297 : 279.4;
  return style.landscape ? std::pair{h, w} : std::pair{w, h};
}

GridArea GridAreaOf(const RandomSheetStyle& style) {
  const auto [page_w, page_h] = PageSizeMm(style);
  double top = style.margin_top_mm;
  if (!style.title.empty()) top += style.title_bar ? 15 : 12;
  top += 7.0 * style.field_lines.size();
  const double bottom = page_h - style.margin_bottom_mm - (style.footer.empty() ? 0 : 8);
  return {style.margin_left_mm, top, page_w - style.margin_left_mm - style.margin_right_mm, bottom - top};
}

int PrintedRowCount(const RandomSheetStyle& style, const Ruleset& ruleset) {
  int rows = static_cast<int>(ruleset.rows.size());
  if (ruleset.yahtzee_bonus && style.split_bonus_row) ++rows;
  rows += style.header == HeaderRows::kNone ? 0 : style.header == HeaderRows::kTop ? 1 : 2;
  rows += style.section_rows ? 2 : 0;
  return rows;
}

RandomSheetStyle StyleFromSeed(std::uint64_t style_seed, const Ruleset& ruleset) {
  const Streams s(style_seed);
  RandomSheetStyle style;
  style.seed = style_seed;
  style.ruleset_id = ruleset.id;

  style.page = s.Chance("page", 0.7) ? PageSize::kA4 : PageSize::kLetter;
  style.landscape = s.Chance("landscape", 0.2);
  style.margin_left_mm = s.Uniform("margin_left", 6, 25);
  style.margin_right_mm = s.Uniform("margin_right", 6, 25);
  style.margin_top_mm = s.Uniform("margin_top", 6, 25);
  style.margin_bottom_mm = s.Uniform("margin_bottom", 6, 25);
  style.grid_x_position = s.Chance("grid_x_centred", 0.4) ? 0.5 : s.Uniform("grid_x", 0, 1);
  style.grid_y_position = s.Chance("grid_y_top", 0.5) ? 0 : s.Uniform("grid_y", 0, 1);

  // Columns as each variant prints them (RULES.md): triple its ×1 ×2 ×3,
  // piecepack six a grid with 1, 2 or 4 grids a page, rock one, the rest 1-6.
  if (ruleset.HasMultipliers()) style.columns = ruleset.default_columns;
  else if (ruleset.grids_per_page.size() > 1) style.columns = ruleset.max_columns;
  else style.columns = static_cast<int>(s.Uniform("columns", ruleset.min_columns, ruleset.max_columns + 0.999));
  style.grids = s.Pick("grids", ruleset.grids_per_page);

  style.score_column_mm = s.LogUniform("score_column", 12, 70);
  // Label and how-to columns narrower than, as wide as or wider than a score column.
  auto relative = [&](const std::string& name) {
    switch (s.Weighted(name, {1, 1, 1})) {
      case 0: return s.Uniform(name + ".narrower", 0.5, 0.92);
      case 1: return 1.0;
      default: return s.Uniform(name + ".wider", 1.15, 4);
    }
  };
  style.label_column_mm = style.score_column_mm * relative("label_width");
  style.how_to_column_mm = style.score_column_mm * relative("how_to_width");
  style.how_to = static_cast<HowToPlacement>(s.Weighted("how_to", {1, 1, 1, 1}));
  style.row_mm = s.Uniform("row_height", 6, 11);
  style.header_row_factor = s.Uniform("header_row_factor", 1, 1.6);

  style.header = static_cast<HeaderRows>(s.Weighted("header", {1, 2, 1.5}));
  style.header_dark_bar = s.Chance("header_dark_bar", 0.35);
  style.section_rows = s.Chance("section_rows", 0.35);
  style.split_bonus_row = ruleset.yahtzee_bonus && s.Chance("split_bonus_row", 0.5);
  style.column_headers = s.Pick("column_headers", ColumnHeaderPool(ruleset, style.columns));
  style.header_label_text = s.Pick("header_label_text", HeaderLabelPool());
  style.header_how_to_text = s.Pick("header_how_to_text", HeaderHowToPool());
  style.section_titles = s.Pick("section_titles", SectionTitlePool());

  style.row_shading = static_cast<RowShading>(s.Weighted("row_shading", {2, 1, 1}));
  style.tinted_columns = s.Chance("tinted_columns", 0.3);
  style.tint = RandomColour(s, "tint", 0, 0.35, 0.82, 0.95);
  style.bar = RandomColour(s, "bar", 0, 0.8, 0.12, 0.45);
  switch (s.Weighted("rule_colour", {5, 2, 3})) {
    case 0: style.rule_colour = {0, 0, 0}; break;
    case 1: {
      const double gray = s.Uniform("rule_gray", 0.3, 0.6);
      style.rule_colour = {gray, gray, gray};
      break;
    }
    default: style.rule_colour = RandomColour(s, "rule_hue", 0.4, 1, 0.3, 0.7);
  }
  // Pale rules (a word processor's light grey borders): a copier's toner
  // stays off below its threshold, so a copy breaks them up or loses them.
  if (s.Chance("rule_pale", 0.15)) {
    const double keep = s.Uniform("rule_pale_keep", 0.15, 0.4);  // of the rule's darkness
    for (double* c : {&style.rule_colour.r, &style.rule_colour.g, &style.rule_colour.b}) *c = 1 - keep * (1 - *c);
  }
  style.text_colour = s.Chance("text_black", 0.8) ? Rgb{0, 0, 0} : RandomColour(s, "text_hue", 0.3, 0.9, 0.1, 0.35);

  style.rule_mm = s.Chance("rule_heavy", 0.12) ? s.Uniform("rule_heavy_mm", 0.8, 1.5) : s.LogUniform("rule", 0.1, 0.8);
  style.section_rule_mm = std::min(1.5, style.rule_mm * s.Uniform("section_rule", 1, 2.5));
  style.frame_mm = s.LogUniform("frame_line", 0.1, 1.5);
  style.frame = static_cast<FrameStyle>(s.Weighted("frame", {1, 2, 1, 1}));
  style.verticals = static_cast<VerticalRules>(s.Weighted("verticals", {3, 1, 1}));

  style.font = s.Pick("font", StyleFonts());
  style.bold_labels = s.Chance("bold_labels", 0.4);
  style.label_case = s.Chance("label_caps", 0.3) ? LabelCase::kUpper : LabelCase::kAsIs;
  style.label_size = s.Uniform("label_size", 0.34, 0.6);
  style.label_align = std::vector<double>{0, 0, 0, 0.5, 1}[s.Weighted("label_align", {1, 1, 1, 1, 1})];
  style.header_align = s.Chance("header_left", 0.3) ? 0 : 0.5;
  for (const RowSpec& row : ruleset.rows) {
    style.labels[row.id] = s.Pick("label." + row.id, LabelPool(ruleset, row));
    style.how_tos[row.id] = s.Pick("how_to." + row.id, HowToPool(ruleset, row));
  }
  style.bonus_points_label = s.Pick("bonus_points_label", BonusPointsLabelPool(ruleset));
  style.bonus_points_how_to = s.Pick("bonus_points_how_to", BonusPointsLabelPool(ruleset));
  style.dice_icons = s.Chance("dice_icons", 0.3);
  style.dice_filled = s.Chance("dice_filled", 0.5);

  if (s.Chance("title", 0.75)) style.title = s.Pick("title_text", TitlePool(ruleset));
  style.title_bar = s.Chance("title_bar", 0.3);
  const size_t field_lines = s.Weighted("field_lines", {2, 2, 1});
  for (size_t i = 0; i < field_lines; ++i)
    style.field_lines.push_back(s.Pick("field_line." + std::to_string(i), FieldLinePool()));
  if (s.Chance("footer", 0.4)) style.footer = s.Pick("footer_text", FooterPool());
  return FitStyle(std::move(style), ruleset);
}

RandomSheetStyle FitStyle(RandomSheetStyle style, const Ruleset& ruleset) {
  // Counts the ruleset allows.
  style.columns = std::clamp(style.columns, ruleset.min_columns, ruleset.max_columns);
  if (std::find(ruleset.grids_per_page.begin(), ruleset.grids_per_page.end(), style.grids) == ruleset.grids_per_page.end())
    style.grids = ruleset.grids_per_page.front();
  if (!ruleset.yahtzee_bonus) style.split_bonus_row = false;
  if (static_cast<int>(style.column_headers.size()) != style.columns) {
    // A header set drawn for another count: the first set of the right count.
    style.column_headers = ColumnHeaderPool(ruleset, style.columns).front();
  }
  // Labels at their drawn size should about fit: a printer widens the
  // column for "Total of Upper Section" rather than print it in 3-point type.
  size_t longest = 0;
  for (const auto& [id, label] : style.labels) longest = std::max(longest, Utf8Length(label));
  longest = std::max(longest, Utf8Length(style.bonus_points_label));
  const double em_mm = style.row_mm * (style.how_to == HowToPlacement::kUnderLabel ? std::min(style.label_size, 0.42)
                                                                                  : style.label_size);
  const double icon_mm = style.dice_icons ? std::min(style.row_mm * 0.7, 8.0) + 2 : 0;
  const double label_needed_mm = longest * em_mm * kAverageCharEm + icon_mm + 4;
  style.label_column_mm = std::max({style.label_column_mm, kMinLabelMm, std::min(label_needed_mm, kMaxLabelMm)});
  style.how_to_column_mm = std::max(style.how_to_column_mm, kMinHowToColumnMm);

  // Width: a page too narrow for the grids is turned (not when that would
  // put two grids side by side), then every column shrinks in proportion.
  auto width_scale = [&] {
    const auto [across, down] = GridArrangement(style);
    const double needed = across * GridWidthMm(style) + (across - 1) * kGridGapMm;
    return GridAreaOf(style).w / needed;
  };
  // Every column in proportion, as long as a score column keeps room for a
  // three-digit total; past that the label and how-to columns give up their
  // width first (a four-grid piecepack page of six columns each).
  auto shrink_to_width = [&] {
    const double scale = width_scale();
    if (scale >= 1) return;
    const double available = GridWidthMm(style) * scale;  // one grid's share of the width
    const bool how_column = HowToInColumn(style.how_to);
    if (style.score_column_mm * scale >= kMinScoreColumnMm) {
      style.score_column_mm *= scale;
      style.label_column_mm *= scale;
      style.how_to_column_mm *= scale;
    } else {
      style.label_column_mm = std::min(style.label_column_mm, kMinLabelMm);
      if (how_column) style.how_to_column_mm = std::min(style.how_to_column_mm, kMinHowToColumnMm);
      const double rest = available - style.label_column_mm - (how_column ? style.how_to_column_mm : 0);
      style.score_column_mm = std::min(style.score_column_mm, rest / style.columns);
      if (style.score_column_mm < kMinScoreColumnMm && how_column) {
        // Still too narrow: the notes go under the labels.
        style.how_to = HowToPlacement::kUnderLabel;
        style.score_column_mm = std::min(kMinScoreColumnMm, (available - style.label_column_mm) / style.columns);
      }
    }
  };
  if (width_scale() < 0.8 && !style.landscape && style.grids != 2) style.landscape = true;
  shrink_to_width();

  // Height: rows shrink to fit. Below what a digit needs, the page gives up
  // room in turn: a four-grid landscape page turns upright (its grids are
  // narrow enough), then the free text and wide margins go.
  auto fit_rows = [&](double row_mm) {
    style.row_mm = row_mm;
    const auto [across, down] = GridArrangement(style);
    const double free_h = GridAreaOf(style).h - (down - 1) * kGridGapMm;
    const double needed_h = down * GridHeightMm(style, ruleset);
    return needed_h > free_h ? row_mm * free_h / needed_h : row_mm;
  };
  const double drawn_row_mm = style.row_mm;
  style.row_mm = fit_rows(drawn_row_mm);
  if (style.row_mm < kMinRowMm && style.landscape && style.grids == 4) {
    style.landscape = false;
    shrink_to_width();
    style.row_mm = fit_rows(drawn_row_mm);
  }
  if (style.row_mm < kMinRowMm) {
    style.field_lines.clear();
    style.footer.clear();
    style.title_bar = false;
    style.margin_top_mm = std::min(style.margin_top_mm, 8.0);
    style.margin_bottom_mm = std::min(style.margin_bottom_mm, 8.0);
    style.row_mm = fit_rows(drawn_row_mm);
  }
  if (HowToInColumn(style.how_to) && style.how_to_column_mm < kMinHowToColumnMm) {
    // No room for a column of notes: they go under the labels, and the
    // score columns take the width back.
    style.score_column_mm += style.how_to_column_mm / style.columns;
    style.how_to = HowToPlacement::kUnderLabel;
  }
  if (style.how_to == HowToPlacement::kUnderLabel && style.row_mm < kMinUnderLabelRowMm)
    style.how_to = HowToPlacement::kNone;

  // Rules no heavier than a cell can carry: the inside of a box stays at
  // least two thirds of it.
  const double smallest_cell = std::min(style.row_mm, style.score_column_mm);
  style.rule_mm = std::min(style.rule_mm, smallest_cell / 6);
  style.section_rule_mm = std::clamp(style.section_rule_mm, style.rule_mm, smallest_cell / 4);
  style.frame_mm = std::min(style.frame_mm, smallest_cell / 4);
  return style;
}

std::string StyleFamily(const RandomSheetStyle& style) {
  if (style.columns == 1) return "single-column";
  if (style.frame == FrameStyle::kNone || style.verticals != VerticalRules::kAll) return "open";
  if ((style.header_dark_bar && style.header != HeaderRows::kNone) || style.row_shading != RowShading::kNone ||
      style.tinted_columns)
    return "banded";
  return "ruled";
}

const char* HowToPlacementName(HowToPlacement placement) {
  switch (placement) {
    case HowToPlacement::kNone: return "none";
    case HowToPlacement::kLeftOfScores: return "left";
    case HowToPlacement::kRightOfScores: return "right";
    case HowToPlacement::kUnderLabel: return "under-label";
  }
  return "?";
}

const char* HeaderRowsName(HeaderRows header) {
  switch (header) {
    case HeaderRows::kNone: return "none";
    case HeaderRows::kTop: return "top";
    case HeaderRows::kTopAndLower: return "top-and-lower";
  }
  return "?";
}

const char* RowShadingName(RowShading shading) {
  switch (shading) {
    case RowShading::kNone: return "none";
    case RowShading::kTotals: return "totals";
    case RowShading::kStriped: return "striped";
  }
  return "?";
}

const char* FrameStyleName(FrameStyle frame) {
  switch (frame) {
    case FrameStyle::kNone: return "none";
    case FrameStyle::kSingle: return "single";
    case FrameStyle::kThick: return "thick";
    case FrameStyle::kDouble: return "double";
  }
  return "?";
}

const char* VerticalRulesName(VerticalRules verticals) {
  switch (verticals) {
    case VerticalRules::kAll: return "all";
    case VerticalRules::kLabelOnly: return "label-only";
    case VerticalRules::kNone: return "none";
  }
  return "?";
}

}  // namespace scorecheck
