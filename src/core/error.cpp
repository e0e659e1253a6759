#include "core/error.h"

namespace scorecheck {

void ThrowUnless(bool condition, const std::string& message) {
  if (!condition) throw Error(message);
}

}  // namespace scorecheck
