#pragma once
// The paper sizes sheets are printed on, in millimetres. A page whose scale
// nothing else tells (no markers, no outline of known size) is taken as the
// common one: its short side an A4 sheet's width.

namespace scorecheck {

constexpr double kA4ShortSideMm = 210;      ///< A4 width
constexpr double kA4LongSideMm = 297;       ///< A4 height
constexpr double kLetterShortSideMm = 215.9;  ///< US Letter width (8.5 in)
constexpr double kLetterLongSideMm = 279.4;   ///< US Letter height (11 in)

}  // namespace scorecheck
