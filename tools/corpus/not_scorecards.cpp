// not_scorecards: renders pages that are not scorecards (a page of text, a
// small table of numbers, a chessboard, a blank sheet, a lined notebook page,
// a month calendar, a shop receipt, squared paper) and photographs or scans
// them with the corpus's capture simulation (testkit/synth/capture.h), so the
// scanner can be shown real-looking pictures that must yield no grid.
//
//   build/not_scorecards --seed S -o DIR
//
// Writes a fixed list of NN-<page>-<profile>.jpg (see kShots), small enough to
// commit: long side at most --max-side px, JPEG quality at most --quality,
// lowered further until the file is at most --max-kb. Same seed, same files.

#include <cairo.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/error.h"
#include "synth/capture.h"

namespace scorecheck {
namespace {

constexpr double kDpi = 300;
constexpr double kPxPerMm = kDpi / 25.4;

enum class PageKind { kText, kTable, kChessboard, kBlank, kNotebook, kCalendar, kReceipt, kSquared };

const char* PageKindName(PageKind kind) {
  switch (kind) {
    case PageKind::kText: return "text";
    case PageKind::kTable: return "table";
    case PageKind::kChessboard: return "chessboard";
    case PageKind::kBlank: return "blank";
    case PageKind::kNotebook: return "notebook";
    case PageKind::kCalendar: return "calendar";
    case PageKind::kReceipt: return "receipt";
    case PageKind::kSquared: return "squared";
  }
  return "?";
}

// One picture to make: what is on the page and how it was captured.
struct Shot {
  PageKind page;
  CaptureProfile profile;
};

// Every page at least once as a photo (the hardest: perspective, shadows,
// a table texture around it), the ruled ones also flat, turned or low-res.
const std::vector<Shot> kShots = {
    {PageKind::kText, CaptureProfile::kPhoto},      {PageKind::kText, CaptureProfile::kScan},
    {PageKind::kTable, CaptureProfile::kPhoto},     {PageKind::kTable, CaptureProfile::kRotated},
    {PageKind::kChessboard, CaptureProfile::kPhoto}, {PageKind::kBlank, CaptureProfile::kPhoto},
    {PageKind::kBlank, CaptureProfile::kScan},      {PageKind::kNotebook, CaptureProfile::kPhoto},
    {PageKind::kCalendar, CaptureProfile::kPhoto},  {PageKind::kCalendar, CaptureProfile::kLowres},
    {PageKind::kReceipt, CaptureProfile::kPhoto},   {PageKind::kSquared, CaptureProfile::kScan},
};

using CairoPtr = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

// A white page of width_mm x height_mm at kDpi; draw on it in millimetres.
class Canvas {
 public:
  Canvas(double width_mm, double height_mm)
      : bgra_(cvRound(height_mm * kPxPerMm), cvRound(width_mm * kPxPerMm), CV_8UC4, cv::Scalar::all(255)),
        surface_(cairo_image_surface_create_for_data(bgra_.data, CAIRO_FORMAT_RGB24, bgra_.cols, bgra_.rows,
                                                     static_cast<int>(bgra_.step)),
                 cairo_surface_destroy),
        cr_(cairo_create(surface_.get()), cairo_destroy) {
    cairo_scale(cr_.get(), kPxPerMm, kPxPerMm);
    cairo_set_source_rgb(cr_.get(), 0, 0, 0);
  }
  cairo_t* cr() { return cr_.get(); }
  cv::Mat Bgr() {
    cairo_surface_flush(surface_.get());
    cv::Mat bgr;
    cv::cvtColor(bgra_, bgr, cv::COLOR_BGRA2BGR);
    return bgr;
  }

 private:
  cv::Mat bgra_;
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface_;
  CairoPtr cr_;
};

void Line(cairo_t* cr, double x0, double y0, double x1, double y1, double width_mm) {
  cairo_set_line_width(cr, width_mm);
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

// `text` with its left edge at x (align 0), centred on x (0.5) or ending at x
// (1); y is the baseline.
void Text(cairo_t* cr, const std::string& text, double x, double y, double size_mm, double align = 0,
          const char* family = "DejaVu Serif", cairo_font_weight_t weight = CAIRO_FONT_WEIGHT_NORMAL) {
  cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, weight);
  cairo_set_font_size(cr, size_mm);
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.c_str(), &extents);
  cairo_move_to(cr, x - extents.x_advance * align, y);
  cairo_show_text(cr, text.c_str());
}

double Uniform(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
int Pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// A sentence of made-up prose: only its look matters.
std::string Sentence(std::mt19937& rng) {
  static const std::vector<std::string> kWords = {
      "the",   "game",   "of",    "dice",     "was",    "played", "after", "dinner", "and",    "every",
      "round", "took",   "longer", "than",    "we",     "hoped",  "while", "rules",  "about",  "points",
      "were",  "argued", "over",  "at",       "length", "by",     "all",   "four",   "players", "in",
      "a",     "small",  "room",  "near",     "window", "with",   "tea",   "cards",  "pencils", "notes"};
  std::string sentence;
  const int words = Pick(rng, 6, 16);
  for (int i = 0; i < words; ++i) {
    std::string word = kWords[Pick(rng, 0, static_cast<int>(kWords.size()) - 1)];
    if (i == 0) word[0] = static_cast<char>(std::toupper(word[0]));
    sentence += (i ? " " : "") + word;
  }
  return sentence + ".";
}

// Paragraphs of prose between top and bottom, wrapped at the column width.
void Prose(cairo_t* cr, std::mt19937& rng, double left, double right, double top, double bottom, double size_mm) {
  cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size_mm);
  const double leading = size_mm * 1.45;
  double y = top;
  while (y < bottom) {
    std::string paragraph;
    for (int s = Pick(rng, 3, 7); s > 0; --s) paragraph += Sentence(rng) + " ";
    std::istringstream words(paragraph);
    std::string word, line = "    ";  // indented first line
    while (words >> word && y < bottom) {
      cairo_text_extents_t extents;
      cairo_text_extents(cr, (line + " " + word).c_str(), &extents);
      if (extents.x_advance > right - left) {
        Text(cr, line, left, y, size_mm);
        y += leading;
        line = word;
      } else {
        line += (line.empty() || line == "    " ? "" : " ") + word;
      }
    }
    if (y < bottom) Text(cr, line, left, y, size_mm);
    y += leading * 1.6;
  }
}

cv::Mat TextPage(std::mt19937& rng) {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  Text(cr, "Notes on the Summer Tournament", 105, 32, 7, 0.5, "DejaVu Serif", CAIRO_FONT_WEIGHT_BOLD);
  Prose(cr, rng, 25, 185, 48, 270, 3.6);
  Text(cr, "- 3 -", 105, 285, 3, 0.5);
  return canvas.Bgr();
}

// A short ruled table of figures with a heading and prose around it: lines
// cross like a scorecard's, but with 4-6 rows.
cv::Mat TablePage(std::mt19937& rng) {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  Text(cr, "Quarterly figures", 25, 30, 6, 0, "DejaVu Sans", CAIRO_FONT_WEIGHT_BOLD);
  Prose(cr, rng, 25, 185, 44, 90, 3.4);
  const int rows = Pick(rng, 4, 6), columns = 5;
  const double left = 25, top = 100, row_h = 9, width = 160;
  const std::vector<double> column_x = {left, left + 50, left + 77.5, left + 105, left + 132.5, left + width};
  const char* headers[] = {"Item", "Q1", "Q2", "Q3", "Q4"};
  for (int c = 0; c < columns; ++c)
    Text(cr, headers[c], c == 0 ? column_x[c] + 2 : column_x[c + 1] - 2, top + row_h * 0.7, 3.4, c == 0 ? 0 : 1,
         "DejaVu Sans", CAIRO_FONT_WEIGHT_BOLD);
  const char* items[] = {"Apples", "Pears", "Plums", "Cherries", "Quinces", "Medlars"};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const double y = top + (r + 1) * row_h + row_h * 0.7;
      if (c == 0)
        Text(cr, items[r], column_x[0] + 2, y, 3.4, 0, "DejaVu Sans");
      else
        Text(cr, std::to_string(Pick(rng, 10, 9999)), column_x[c + 1] - 2, y, 3.4, 1, "DejaVu Sans");
    }
  const double bottom = top + (rows + 1) * row_h;
  for (int r = 0; r <= rows + 1; ++r) Line(cr, left, top + r * row_h, left + width, top + r * row_h, r < 2 ? 0.5 : 0.25);
  for (double x : column_x) Line(cr, x, top, x, bottom, 0.25);
  Prose(cr, rng, 25, 185, bottom + 16, 270, 3.4);
  return canvas.Bgr();
}

cv::Mat ChessboardPage(std::mt19937& rng) {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  const double square = Uniform(rng, 19, 22), left = (210 - 8 * square) / 2, top = 50;
  Text(cr, "Problem 12: White to play and win", 105, 35, 5, 0.5, "DejaVu Serif", CAIRO_FONT_WEIGHT_BOLD);
  const double dark = Uniform(rng, 0.35, 0.6);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if ((r + c) % 2) {
        cairo_set_source_rgb(cr, dark, dark, dark);
        cairo_rectangle(cr, left + c * square, top + r * square, square, square);
        cairo_fill(cr);
      }
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.8);
  cairo_rectangle(cr, left, top, 8 * square, 8 * square);
  cairo_stroke(cr);
  for (int i = 0; i < 8; ++i) {
    Text(cr, std::string(1, static_cast<char>('a' + i)), left + (i + 0.5) * square, top + 8 * square + 6, 4, 0.5);
    Text(cr, std::to_string(8 - i), left - 4, top + (i + 0.65) * square, 4, 0.5);
  }
  Prose(cr, rng, 25, 185, top + 8 * square + 20, 275, 3.4);
  return canvas.Bgr();
}

cv::Mat BlankPage() {
  Canvas canvas(210, 297);
  return canvas.Bgr();
}

// Ruled notebook paper: ~30 pale blue lines and a red margin.
cv::Mat NotebookPage(std::mt19937& rng) {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  const double pitch = Uniform(rng, 7, 8.5);
  cairo_set_source_rgb(cr, 0.55, 0.7, 0.9);
  for (double y = 30; y < 290; y += pitch) Line(cr, 0, y, 210, y, 0.25);
  cairo_set_source_rgb(cr, 0.9, 0.35, 0.35);
  Line(cr, 30, 0, 30, 297, 0.35);
  return canvas.Bgr();
}

// A month calendar: a 7-column grid of 5 or 6 week rows under the day names.
cv::Mat CalendarPage(std::mt19937& rng) {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  const int first_weekday = Pick(rng, 0, 6), days = Pick(rng, 28, 31);
  const int weeks = (first_weekday + days + 6) / 7;
  Text(cr, "March", 105, 40, 12, 0.5, "DejaVu Sans", CAIRO_FONT_WEIGHT_BOLD);
  const double left = 15, top = 60, cell_w = 180.0 / 7, cell_h = 200.0 / weeks;
  const char* names[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
  for (int c = 0; c < 7; ++c) Text(cr, names[c], left + (c + 0.5) * cell_w, top - 3, 4, 0.5, "DejaVu Sans");
  for (int r = 0; r <= weeks; ++r) Line(cr, left, top + r * cell_h, left + 180, top + r * cell_h, 0.35);
  for (int c = 0; c <= 7; ++c) Line(cr, left + c * cell_w, top, left + c * cell_w, top + weeks * cell_h, 0.35);
  for (int d = 1; d <= days; ++d) {
    const int slot = first_weekday + d - 1;
    Text(cr, std::to_string(d), left + (slot % 7 + 1) * cell_w - 2, top + (slot / 7) * cell_h + 6, 4, 1, "DejaVu Sans");
  }
  return canvas.Bgr();
}

// A till receipt: a narrow strip, items with prices, dashed rules, a total.
cv::Mat ReceiptPage(std::mt19937& rng) {
  const int items = Pick(rng, 8, 14);
  const double width = 80, height = 70 + items * 5.5;
  Canvas canvas(width, height);
  cairo_t* cr = canvas.cr();
  const char* mono = "DejaVu Sans Mono";
  Text(cr, "CORNER GROCERY", width / 2, 12, 4.5, 0.5, mono, CAIRO_FONT_WEIGHT_BOLD);
  Text(cr, "12 High Street", width / 2, 18, 3, 0.5, mono);
  const double dashes[] = {1.2, 0.8};
  cairo_set_dash(cr, dashes, 2, 0);
  Line(cr, 5, 23, width - 5, 23, 0.2);
  const char* names[] = {"MILK 1L", "BREAD", "EGGS x6", "TEA", "APPLES", "CHEESE", "BUTTER", "RICE",
                         "PASTA", "TOMATOES", "COFFEE", "JAM", "SOAP", "PENCILS"};
  double y = 30, total = 0;
  for (int i = 0; i < items; ++i, y += 5.5) {
    const double price = Pick(rng, 45, 1299) / 100.0;
    total += price;
    std::ostringstream amount;
    amount << std::fixed << std::setprecision(2) << price;
    Text(cr, names[i], 6, y, 3, 0, mono);
    Text(cr, amount.str(), width - 6, y, 3, 1, mono);
  }
  Line(cr, 5, y - 2, width - 5, y - 2, 0.2);
  cairo_set_dash(cr, nullptr, 0, 0);
  std::ostringstream sum;
  sum << std::fixed << std::setprecision(2) << total;
  Text(cr, "TOTAL", 6, y + 5, 4, 0, mono, CAIRO_FONT_WEIGHT_BOLD);
  Text(cr, sum.str(), width - 6, y + 5, 4, 1, mono, CAIRO_FONT_WEIGHT_BOLD);
  Text(cr, "THANK YOU", width / 2, y + 18, 3, 0.5, mono);
  return canvas.Bgr();
}

// Squared (graph) paper: a 5 mm grid, every line the same: many equal rows
// and columns and no label column.
cv::Mat SquaredPage() {
  Canvas canvas(210, 297);
  cairo_t* cr = canvas.cr();
  cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
  for (double x = 10; x <= 200; x += 5) Line(cr, x, 10, x, 287, 0.15);
  for (double y = 10; y <= 287; y += 5) Line(cr, 10, y, 200, y, 0.15);
  return canvas.Bgr();
}

cv::Mat RenderPage(PageKind kind, std::mt19937& rng) {
  switch (kind) {
    case PageKind::kText: return TextPage(rng);
    case PageKind::kTable: return TablePage(rng);
    case PageKind::kChessboard: return ChessboardPage(rng);
    case PageKind::kBlank: return BlankPage();
    case PageKind::kNotebook: return NotebookPage(rng);
    case PageKind::kCalendar: return CalendarPage(rng);
    case PageKind::kReceipt: return ReceiptPage(rng);
    case PageKind::kSquared: return SquaredPage();
  }
  return {};
}

struct Args {
  std::uint64_t seed = 1;
  std::string out;
  int max_side = 2000;  // long side of the written image, px
  int quality = 80;     // highest JPEG quality used
  int max_kb = 150;     // largest file, KiB; quality is lowered (then the size) to fit
};

// JPEG bytes of `image` within the size limits of `args`.
std::vector<uchar> Compress(cv::Mat image, const Args& args, int profile_quality) {
  const int long_side = std::max(image.cols, image.rows);
  if (long_side > args.max_side) {
    const double scale = static_cast<double>(args.max_side) / long_side;
    cv::resize(image, image, cv::Size(), scale, scale, cv::INTER_AREA);
  }
  std::vector<uchar> bytes;
  for (int quality = std::min(args.quality, profile_quality);; quality -= 5) {
    if (quality < 40) {
      // Still too big: a smaller picture instead of a mush of blocks.
      cv::resize(image, image, cv::Size(), 0.85, 0.85, cv::INTER_AREA);
      quality = std::min(args.quality, profile_quality);
    }
    SC_CHECK(cv::imencode(".jpg", image, bytes, {cv::IMWRITE_JPEG_QUALITY, quality}), "JPEG encoding failed");
    if (static_cast<int>(bytes.size()) <= args.max_kb * 1024) return bytes;
  }
}

int Run(const Args& args) {
  std::filesystem::create_directories(args.out);
  for (size_t i = 0; i < kShots.size(); ++i) {
    const Shot& shot = kShots[i];
    // One generator per picture, seeded from the seed and its number, so a
    // picture does not change when another is added before it.
    std::seed_seq seq{static_cast<std::uint32_t>(args.seed), static_cast<std::uint32_t>(args.seed >> 32),
                      static_cast<std::uint32_t>(i)};
    std::mt19937 rng(seq);
    const cv::Mat page = RenderPage(shot.page, rng);
    const Capture capture = ApplyCapture(page, shot.profile, rng);
    std::ostringstream name;
    name << std::setw(2) << std::setfill('0') << i << "-" << PageKindName(shot.page) << "-"
         << CaptureProfileName(shot.profile) << ".jpg";
    const std::vector<uchar> bytes = Compress(capture.image, args, capture.jpeg_quality);
    const std::filesystem::path path = std::filesystem::path(args.out) / name.str();
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    SC_CHECK(std::filesystem::file_size(path) == bytes.size(), "cannot write " << path.string());
    std::cout << path.string() << "  " << bytes.size() / 1024 << " KiB\n";
  }
  return 0;
}

}  // namespace
}  // namespace scorecheck

int main(int argc, char** argv) {
  scorecheck::Args args;
  CLI::App app{"not_scorecards: photos and scans of pages that are not scorecards"};
  app.add_option("--seed", args.seed, "Random seed (default 1)");
  app.add_option("-o,--out", args.out, "Output folder")->required();
  app.add_option("--max-side", args.max_side, "Longest image side, px (default 2000)");
  app.add_option("--quality", args.quality, "Highest JPEG quality (default 80)");
  app.add_option("--max-kb", args.max_kb, "Largest file, KiB (default 150)");
  CLI11_PARSE(app, argc, argv);
  try {
    return scorecheck::Run(args);
  } catch (const std::exception& e) {
    std::cerr << "not_scorecards: " << e.what() << "\n";
    return 2;
  }
}
