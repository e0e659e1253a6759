#include "core/error.h"

namespace scorecheck {


}  // namespace scorecheck
