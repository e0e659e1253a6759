#include "sheets/seed_ranges.h"

#include <cctype>

#include "core/error.h"

namespace scorecheck {
namespace {

bool AllDigits(const std::string& text) {
  if (text.empty() || text.size() > 19) return false;  // 19 digits always fit in 64 bits
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

SeedRange ParseSeedRange(const std::string& text) {
  const size_t dash = text.find('-');
  const std::string a = text.substr(0, dash), b = dash == std::string::npos ? a : text.substr(dash + 1);
  SC_CHECK(AllDigits(a) && AllDigits(b), "seed range \"" << text << "\" is not A-B or A (whole numbers)");
  const SeedRange range{std::stoull(a), std::stoull(b)};
  SC_CHECK(range.first <= range.last, "seed range \"" << text << "\" runs backwards");
  return range;
}

bool OverlapsReservedStyleSeeds(const SeedRange& range) {
  return range.first <= kAcceptanceStyleSeedLast && range.last >= kAcceptanceStyleSeedFirst;
}

bool IsReservedCardSeed(std::uint64_t seed) {
  return seed >= kAcceptanceCardSeedFirst && seed <= kAcceptanceCardSeedLast;
}

std::string ReservedSeedsMessage() {
  return "style seeds 5000000-5999999 and corpus seeds 950000-959999 are reserved for acceptance "
         "(tools/corpus/SEEDS.md); develop on lower seeds, or pass --acceptance for an acceptance run";
}

std::string AcceptanceReminder() {
  return "acceptance run: report the figures and do not look at the cards. Any seed looked at, tuned on or "
         "debugged with while developing becomes a development seed: record it as spent in tools/corpus/SEEDS.md";
}

}  // namespace scorecheck
