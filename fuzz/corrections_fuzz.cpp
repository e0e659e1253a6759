// A corrections file (`scorecheck review` writes it; a user may edit it):
// parsed, written back, parsed again to the same answers.

#include "card/corrections.h"
#include "core/error.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scorecheck;
  Corrections corrections;
  try {
    corrections = ParseCorrections(fuzz::Bytes(data, size));
  } catch (const Error&) {
    return 0;
  }
  const std::string written = CorrectionsToJson(corrections);
  if (CorrectionsToJson(ParseCorrections(written)) != written) __builtin_trap();
  return 0;
}
