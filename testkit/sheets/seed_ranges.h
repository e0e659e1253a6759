#pragma once
// Seed ranges of the synthetic corpus, and the ones reserved for acceptance
// (tools/corpus/SEEDS.md): a corpus made from them measures the scanner on
// sheets nobody has looked at while developing. tools/synth and
// tools/random_sheets refuse them unless told the run is an acceptance run.

#include <cstdint>
#include <string>

namespace scorecheck {

/// Style seeds reserved for acceptance: 5,000,000 .. 5,999,999.
inline constexpr std::uint64_t kAcceptanceStyleSeedFirst = 5'000'000;
inline constexpr std::uint64_t kAcceptanceStyleSeedLast = 5'999'999;
/// Corpus (card) seeds reserved for acceptance: 950,000 .. 959,999.
inline constexpr std::uint64_t kAcceptanceCardSeedFirst = 950'000;
inline constexpr std::uint64_t kAcceptanceCardSeedLast = 959'999;

/// An inclusive range of seeds.
struct SeedRange {
  std::uint64_t first = 0;  ///< first seed
  std::uint64_t last = 0;   ///< last seed, >= first
  std::uint64_t size() const { return last - first + 1; }
};

/// Parses "A-B" (A <= B) or a single "A". Throws Error for anything else.
SeedRange ParseSeedRange(const std::string& text);

/// True when any seed of `range` is a reserved style seed.
bool OverlapsReservedStyleSeeds(const SeedRange& range);
/// True when `seed` is a reserved corpus seed.
bool IsReservedCardSeed(std::uint64_t seed);

/// Why a reserved seed is refused, with the rule, for error messages.
std::string ReservedSeedsMessage();
/// What an acceptance run must print: looking at its output spends it.
std::string AcceptanceReminder();

}  // namespace scorecheck
