#pragma once
// Grid stage, internal: lengths several steps read ruled lines and writing by.

namespace scorecheck {

/// Writing and printed headers stand clear of a ruled line by this (mm)
/// beyond half its width: past the line's blur.
inline constexpr double kLineClearMm = 0.3;
/// A dark run shorter than this (px) is not opened as a rule: an opening that
/// short would take the strokes of letters and writing for rules.
inline constexpr int kMinRuleRunPx = 3;

}  // namespace scorecheck
