// A column nobody plays that holds a mark or two read unsurely (dust, a
// hair, a neighbour's overrun) is not a game.

#include "scan/stray_marks.h"

#include <gtest/gtest.h>

namespace scorecheck {
namespace {

Reading Read(ReadingStatus status, double confidence = 0) {
  Reading reading;
  reading.status = status;
  reading.confidence = confidence;
  if (status == ReadingStatus::kNumber) {
    reading.value = 1;
    reading.alternatives = {{1, confidence}};
  }
  return reading;
}

// A column of 13 cells, empty but for `marks`.
bool OnlyStray(const std::vector<Reading>& marks, const StrayMarkOptions& options = {}) {
  std::vector<Reading> cells(13 - marks.size(), Read(ReadingStatus::kEmpty));
  cells.insert(cells.begin() + 4, marks.begin(), marks.end());
  std::vector<const Reading*> column;
  for (const Reading& cell : cells) column.push_back(&cell);
  return HoldsOnlyStrayMarks(column, options);
}

TEST(StrayMarksTest, AFibreReadAsAnUnsureOneIsAStrayMark) {
  // Seed 900025, card 0012: a fibre on the glass in an unused column's four
  // of a kind, read as 1 at 0.54.
  EXPECT_TRUE(OnlyStray({Read(ReadingStatus::kNumber, 0.54)}));
  EXPECT_TRUE(OnlyStray({Read(ReadingStatus::kNumber, 0.8), Read(ReadingStatus::kIllegible)}));
}

TEST(StrayMarksTest, AnEmptyColumnHoldsNoStrayMarks) { EXPECT_FALSE(OnlyStray({})); }

TEST(StrayMarksTest, ANumberReadSurelyWasWritten) {
  EXPECT_FALSE(OnlyStray({Read(ReadingStatus::kNumber, 0.95)}));
  EXPECT_FALSE(OnlyStray({Read(ReadingStatus::kNumber, 0.5), Read(ReadingStatus::kNumber, 0.9)}));
  StrayMarkOptions strict;
  strict.sure_mark = 0.99;
  EXPECT_TRUE(OnlyStray({Read(ReadingStatus::kNumber, 0.95)}, strict));
}

// A game fills most of its boxes: a third of them or fewer, read unsurely,
// are ghosts (a tinted column's edges blurred in a low-resolution photo
// left four in twenty boxes); more are a game, however unsure each.
TEST(StrayMarksTest, MoreThanAThirdOfTheBoxesAreAGame) {
  const Reading unsure = Read(ReadingStatus::kNumber, 0.5);
  EXPECT_TRUE(OnlyStray({unsure, unsure}));
  EXPECT_TRUE(OnlyStray({unsure, unsure, unsure, unsure}));  // 4 of 13
  EXPECT_FALSE(OnlyStray({unsure, unsure, unsure, unsure, unsure}));
  StrayMarkOptions by_count;
  by_count.max_share = 0;
  EXPECT_TRUE(OnlyStray({unsure, unsure}, by_count));
  EXPECT_FALSE(OnlyStray({unsure, unsure, unsure}, by_count));
  by_count.max_marks = 3;
  EXPECT_TRUE(OnlyStray({unsure, unsure, unsure}, by_count));
}

TEST(StrayMarksTest, ACrossOrTicksAreAPlayers) {
  EXPECT_FALSE(OnlyStray({Read(ReadingStatus::kCrossed, 0.6)}));
  EXPECT_FALSE(OnlyStray({Read(ReadingStatus::kChecks, 0.6)}));
}

}  // namespace
}  // namespace scorecheck
